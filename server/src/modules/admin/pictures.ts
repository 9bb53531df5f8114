import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PICTURE_MAX_PIXELS, pictureTooLarge, type UploadedPicture } from '@netkart/contract';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';

/** Where uploaded product pictures go, under the merchant's MEDIA_DIR (served at /media/). */
export const PICTURES_FOLDER = 'products';

const EXTENSION_OF: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', heif: 'avif' };
const NOT_A_PICTURE = 'This file is not a PNG, JPEG, WebP or AVIF picture.';

/**
 * Keeps an uploaded product picture: checked by its content (whatever its name says), decoded
 * whole so a truncated file is refused, then stored under a name made from its bytes, so the
 * same picture uploaded twice is one file. Nothing is written for a file that is refused.
 */
export async function storePicture(bytes: Buffer, mediaDir: string): Promise<UploadedPicture> {
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The size is read from the header first: a picture bomb is refused before a pixel is decoded.
    ({ format, width, height } = await describe(bytes));
  } catch {
    throw new HttpError(400, `${NOT_A_PICTURE} (It may be damaged or cut short.)`, {}, 'file');
  }
  if (width && height && width * height > PICTURE_MAX_PIXELS) {
    throw new HttpError(413, pictureTooLarge(width, height), {}, 'file');
  }
  try {
    if (format && EXTENSION_OF[format]) await checkInTurn(() => decodeWhole(bytes));
  } catch {
    throw new HttpError(400, `${NOT_A_PICTURE} (It may be damaged or cut short.)`, {}, 'file');
  }
  const extension = format ? EXTENSION_OF[format] : undefined;
  if (!extension || !width || !height) throw new HttpError(400, NOT_A_PICTURE, {}, 'file');

  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${extension}`;
  const folder = path.join(mediaDir, PICTURES_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  if (!fs.existsSync(file)) {
    // Written aside and renamed: a reader never sees half a picture.
    const partial = `${file}.${process.pid}.part`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
  }
  return { url: `/media/${PICTURES_FOLDER}/${name}`, width, height };
}

/**
 * Reads every pixel once, so a truncated file is refused, and keeps none: a shrink to 8 pixels
 * wide streams the rows through (sharp's `stats()` made several passes, so libvips held the whole
 * decoded picture: 40 megapixels of 16-bit RGBA PNG took 420 MB, this takes about 45 MB). sharp's own
 * pixel limit stands behind the header check.
 */
async function decodeWhole(bytes: Buffer): Promise<void> {
  await sharp(bytes, { failOn: 'truncated', limitInputPixels: PICTURE_MAX_PIXELS, sequentialRead: true })
    .resize({ width: 8 })
    .raw()
    .toBuffer();
}

let checking: Promise<unknown> = Promise.resolve();
/**
 * Uploads are checked one at a time in this process, as the smaller copies are made one at a time
 * (storefront/picture-copies.ts): a process decodes at most two pictures at once, whatever the
 * number of uploads. A decode's memory is libvips's, outside V8's heap; an AVIF is decoded whole
 * (about 800 MB at 40 megapixels), so it is the count of decodes at once that bounds the memory.
 */
function checkInTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = checking.then(work, work);
  checking = next.catch(() => undefined);
  return next;
}

/** The picture's format and size from its header alone (no pixels decoded). */
async function describe(bytes: Buffer): Promise<{ format: string | undefined; width?: number; height?: number }> {
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  const format = metadata.format === 'heif' && metadata.compression !== 'av1' ? undefined : metadata.format;
  return { format, width: metadata.width, height: metadata.height };
}
