import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError } from './app-error.ts';
import {
  isStoredName,
  readUpload,
  reencodeAvatar,
  reencodeDocument,
  sniffImage,
  storeUpload,
  uploadDir,
} from './uploads.ts';

/** A JPEG carrying EXIF (a GPS-like comment and an orientation) and an ICC profile. */
async function jpegWithExif(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS 13.7563 100.5018' } })
    .toBuffer();
}

describe('uploads', () => {
  it('tells the type by the bytes, not the name', async () => {
    expect(sniffImage(await jpegWithExif())).toBe('jpeg');
    expect(
      sniffImage(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('png');
    expect(sniffImage(Buffer.from('%PDF-1.7 not an image'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('re-encodes an avatar to a 256×256 WebP without EXIF', async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeAvatar(input);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(out.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('keeps a document readable (at most 1600 px) and drops EXIF', async () => {
    const out = await reencodeDocument(await jpegWithExif(3000, 2000), 'front');
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1067]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses bytes that are not an image, and an image that does not decode', async () => {
    await expect(reencodeAvatar(Buffer.from('GIF89a...'))).rejects.toMatchObject({ key: 'IMAGE_INVALID' });
    const truncated = (await jpegWithExif()).subarray(0, 40);
    await expect(reencodeDocument(truncated, 'back')).rejects.toBeInstanceOf(AppError);
    await expect(reencodeAvatar(Buffer.alloc(0))).rejects.toMatchObject({ key: 'REQUIRED_FIELDS' });
  });

  it('stores under random names and reads back only such names', async () => {
    const dir = uploadDir('memory://', 'test');
    const name = await storeUpload(dir, Buffer.from('x'), 'jpg');
    expect(isStoredName(name)).toBe(true);
    expect((await readUpload(dir, name)).toString()).toBe('x');
    await expect(readUpload(dir, '../../etc/passwd')).rejects.toMatchObject({ key: 'NOT_FOUND' });
    await expect(readUpload(dir, `${'0'.repeat(32)}.jpg`)).rejects.toMatchObject({ key: 'NOT_FOUND' });
  });
});
