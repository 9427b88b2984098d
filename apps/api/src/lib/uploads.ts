/**
 * Image uploads (profile avatars, identity documents, support attachments, banners and promotions): multipart registration, the type told
 * by the bytes (never by the name or the declared type), a server-side re-encode that drops EXIF and every other
 * metadata (a phone photo's GPS position included), files stored under the data directory with random names, and a
 * private answer for files that only their owner and operators may read.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { AppError } from './app-error.ts';

/** The largest image accepted (before re-encoding); a larger one is refused with IMAGE_TOO_LARGE. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoding is refused beyond this many pixels (a small file can declare a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Magic bytes are read from the first this many bytes of a file (WebP needs 12). */
const SNIFF_BYTES = 12;

/** Files of a request still on disk in the incoming folder, removed when its answer has gone (or it was aborted). */
const incoming = new WeakMap<FastifyRequest, string[]>();

async function removeIncoming(request: FastifyRequest): Promise<void> {
  const paths = incoming.get(request);
  if (paths === undefined) return;
  incoming.delete(request);
  await Promise.all(paths.map((p) => rm(p, { force: true }).catch(() => undefined)));
}

/**
 * Registers multipart parsing in the calling plugin's scope only (register it inside a module's routes plugin):
 * routes elsewhere keep answering 415 to multipart bodies. Route bodies of the scope may then be up to `maxFiles`
 * images of MAX_IMAGE_BYTES each. The request's files in the incoming folder are removed once the answer has gone,
 * or the client went away.
 */
export function registerUploads(app: FastifyInstance, { maxFiles = 2 }: { maxFiles?: number } = {}): void {
  void app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: maxFiles, fields: 10, fieldSize: 1024, parts: maxFiles + 10 },
  });
  app.addHook('onResponse', removeIncoming);
  app.addHook('onRequestAbort', removeIncoming);
}

/** The body limit for an upload route (the app's default is small): all the files and the fields. */
export function uploadBodyLimit(maxFiles: number): number {
  return maxFiles * MAX_IMAGE_BYTES + 64 * 1024;
}

/**
 * A file of a multipart body, written to the incoming folder as it arrived (its type told by its first bytes, its
 * size within MAX_IMAGE_BYTES): never held whole in memory, so a body that stalls half-way holds a file on disk (until
 * the request timeout ends it) and no memory.
 */
export type IncomingFile = { path: string; size: number };

/** What a multipart body held: its text fields and its files. */
export type UploadForm = { fields: Record<string, string>; files: Record<string, IncomingFile> };

/**
 * Writes one file part to the incoming folder: the first bytes are checked as they arrive (not a JPEG, PNG or WebP →
 * IMAGE_INVALID at once, the rest is not read) and the part is ended at MAX_IMAGE_BYTES (IMAGE_TOO_LARGE at once).
 */
async function receiveFile(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  field: string,
  path: string,
): Promise<IncomingFile> {
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const sniffed = () => {
    checked = true;
    return sniffImage(head) !== undefined;
  };
  const check = new Transform({
    transform(chunk: Buffer, _enc, next) {
      size += chunk.length;
      if (!checked) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES && !sniffed()) return next(new AppError('IMAGE_INVALID', { field }));
      }
      next(null, chunk);
    },
    flush(next) {
      if (!checked && size > 0 && !sniffed()) return next(new AppError('IMAGE_INVALID', { field }));
      next();
    },
  });
  file.once('limit', () => check.destroy(new AppError('IMAGE_TOO_LARGE', { field, params: { max: '5 MB' } })));
  await pipeline(file, check, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  return { path, size };
}

/**
 * Reads a multipart body, each file straight to the incoming folder (removed after the answer). A non-multipart body
 * → 415 UNSUPPORTED_MEDIA_TYPE; a declared length over the route's body limit → 413 PAYLOAD_TOO_LARGE before a byte
 * is read; a file over the size → 413 IMAGE_TOO_LARGE (field named) as soon as it passes it; a file whose first bytes
 * are not an image → 415 IMAGE_INVALID as soon as they arrive; too many parts → 413 PAYLOAD_TOO_LARGE.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > request.routeOptions.bodyLimit) throw new AppError('PAYLOAD_TOO_LARGE');
  const dir = uploadDir(request.server.config.dataDir, 'incoming');
  const paths = incoming.get(request) ?? [];
  incoming.set(request, paths);
  const form: UploadForm = { fields: {}, files: {} };
  let current = '';
  try {
    for await (const part of request.parts()) {
      current = part.fieldname;
      if (part.type === 'file') {
        const path = join(dir, `${randomBytes(16).toString('hex')}.part`);
        paths.push(path);
        form.files[part.fieldname] = await receiveFile(part.file, part.fieldname, path);
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Whatever arrived is removed now, not only after the answer.
    await removeIncoming(request);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('IMAGE_TOO_LARGE', { field: current, params: { max: '5 MB' }, cause: err });
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', { cause: err });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: err });
    if (err instanceof Error && /multipart|boundary|Unexpected end|premature|aborted/i.test(err.message)) {
      throw new AppError('VALIDATION_FAILED', { cause: err });
    }
    throw err;
  }
  return form;
}

/** The image type told by the first bytes (JPEG, PNG, WebP), or undefined for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

/** An image to re-encode: bytes, or a file readUploadForm received. */
export type ImageInput = Buffer | IncomingFile | undefined;

/**
 * Decodes and re-encodes an image: turned upright by its EXIF orientation, then written anew without any metadata
 * (sharp keeps none unless asked). Bytes that are not a JPEG, PNG or WebP, or do not decode → IMAGE_INVALID.
 */
async function reencode(input: ImageInput, field: string, shape: (img: Sharp) => Sharp): Promise<Buffer> {
  const size = input === undefined ? 0 : Buffer.isBuffer(input) ? input.length : input.size;
  if (input === undefined || size === 0) throw new AppError('REQUIRED_FIELDS', { field });
  // A received file's first bytes were checked as it arrived (readUploadForm).
  if (Buffer.isBuffer(input) && sniffImage(input) === undefined) throw new AppError('IMAGE_INVALID', { field });
  const source = Buffer.isBuffer(input) ? input : input.path;
  try {
    return await shape(sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()).toBuffer();
  } catch (err) {
    throw new AppError('IMAGE_INVALID', { field, cause: err });
  }
}

/** A profile picture: a 256×256 WebP square, centred crop. */
export function reencodeAvatar(bytes: ImageInput, field = 'avatar'): Promise<Buffer> {
  return reencode(bytes, field, (img) => img.resize(256, 256, { fit: 'cover' }).webp({ quality: 82 }));
}

/** A document photo: kept readable (at most 1600 px on its longer side), JPEG. */
export function reencodeDocument(bytes: ImageInput, field: string): Promise<Buffer> {
  return reencode(bytes, field, (img) =>
    img.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85, mozjpeg: true }),
  );
}

/** A public content picture (a banner, a promotion): at most 1500 px on its longer side, WebP. */
export function reencodeContentImage(bytes: ImageInput, field = 'image'): Promise<Buffer> {
  return reencode(bytes, field, (img) =>
    img.resize(1500, 1500, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }),
  );
}

const STORED_NAME = /^[a-f0-9]{32}\.(webp|jpg)$/;
const memoryRoots = new Map<string, string>();

/**
 * Where uploads of a kind live: `<DATA_DIR>/uploads/<kind>` (outside the web root, never served by the static
 * handler); with an in-memory database, a temporary folder of this process.
 */
export function uploadDir(dataDir: string, kind: string): string {
  let root: string;
  if (dataDir === 'memory://') {
    root = memoryRoots.get(kind) ?? mkdtempSync(join(tmpdir(), `fd-uploads-${kind}-`));
    memoryRoots.set(kind, root);
  } else {
    root = resolve(dataDir, 'uploads', kind);
    mkdirSync(root, { recursive: true, mode: 0o700 });
  }
  return root;
}

/** Writes the bytes under a new random name (128 bits) and returns the name. */
export async function storeUpload(dir: string, bytes: Buffer, ext: 'webp' | 'jpg'): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
  return name;
}

/** Removes a stored file; a missing one (or a name storeUpload could not have made) is no error. */
export async function removeUpload(dir: string, name: string): Promise<void> {
  if (isStoredName(name)) await rm(join(dir, name), { force: true });
}

/**
 * Stores `bytes` (when given) and runs `use` with the stored name (null without bytes). If `use` throws — the write
 * that refers to the file was refused or rolled back — the file is removed before the error goes on: no file is
 * left that nothing refers to. (A process that dies between the two leaves one behind; nothing refers to it and no
 * reader can reach it, since only names attached to a row are ever served.)
 */
export async function withStoredUpload<T>(
  dir: string,
  bytes: Buffer | undefined,
  ext: 'webp' | 'jpg',
  use: (name: string | null) => Promise<T>,
): Promise<T> {
  if (bytes === undefined) return use(null);
  const name = await storeUpload(dir, bytes, ext);
  try {
    return await use(name);
  } catch (err) {
    await removeUpload(dir, name).catch(() => undefined);
    throw err;
  }
}

/** Whether a name is one storeUpload could have made (nothing else is ever joined to a path). */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** Reads a stored file; a malformed or missing name → 404 NOT_FOUND. */
export async function readUpload(dir: string, name: string): Promise<Buffer> {
  if (!isStoredName(name)) throw new AppError('NOT_FOUND');
  try {
    return await readFile(join(dir, name));
  } catch (err) {
    throw new AppError('NOT_FOUND', { cause: err });
  }
}

const contentTypeOf = (name: string) => (name.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

/** Sends a stored image to the one reader allowed: never kept by a shared cache or the browser's disk. */
export function sendPrivateImage(reply: FastifyReply, name: string, bytes: Buffer): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .type(contentTypeOf(name))
    .send(bytes);
}

/** Sends a public image under a name that never changes content (random, written once). */
export function sendPublicImage(reply: FastifyReply, name: string, bytes: Buffer): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .type(contentTypeOf(name))
    .send(bytes);
}
