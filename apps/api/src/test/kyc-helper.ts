import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

// Identity verification (KYC) in tests: a multipart body, photos with EXIF, a submission's parts.

export type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fdtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.filename}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      p.type ? `Content-Type: ${p.type}\r\n` : ''
    }\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: FastifyInstance, url: string, token: string | null, parts: Part[]) {
  const body = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(token ? { token, lang: 'en' } : {}) },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: res.json<{ data?: Record<string, unknown>; error?: string; field?: string }>(),
  };
}

/** A JPEG with EXIF that names a place (as a phone's GPS would). */
export function photo(color = '#3a6', width = 900, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'GPS 13.7563N 100.5018E', Artist: 'exif-marker' } })
    .toBuffer();
}

export async function kycParts(name = 'Somchai Jaidee', number = '1-1037-00123-45-6'): Promise<Part[]> {
  return [
    { name: 'real_name', value: name },
    { name: 'document_number', value: number },
    { name: 'front', value: await photo('#3a6'), filename: 'front.jpg', type: 'image/jpeg' },
    { name: 'back', value: await photo('#36a'), filename: 'back.jpg', type: 'image/jpeg' },
  ];
}
