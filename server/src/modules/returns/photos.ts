import { RETURN_PHOTO_MAX_BYTES, type RETURN_PHOTO_TYPES } from '@netkart/contract';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';

/** A photo is a picture of the goods: anything larger a side is refused. */
const MAX_SIDE = 8000;

const TYPES: Record<string, (typeof RETURN_PHOTO_TYPES)[number]> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const refuse = (message: string) => new HttpError(400, `photos: ${message}`, {}, 'photos');

/**
 * A photo sent with a return, checked before it is kept: base64 of a whole JPEG, PNG or WebP
 * (decoded once, so a truncated or disguised file is refused), at most 500 KB. The field named is `photos`.
 */
export async function checkReturnPhoto(
  base64: string,
  position: number,
): Promise<{ contentType: string; base64: string }> {
  const which = `photo ${position}`;
  const text = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw refuse(`${which} is not base64.`);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw refuse(`${which} is empty.`);
  if (bytes.length > RETURN_PHOTO_MAX_BYTES) {
    throw refuse(`${which} is larger than ${RETURN_PHOTO_MAX_BYTES / 1024} KB; send a smaller picture.`);
  }
  let format: string | undefined;
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.format;
    const contentType = format ? TYPES[format] : undefined;
    if (!contentType) throw refuse(`${which} must be a JPEG, PNG or WebP picture.`);
    const { width = 0, height = 0 } = meta;
    if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) {
      throw refuse(`${which} is at most ${MAX_SIDE} pixels a side.`);
    }
    await sharp(bytes, { failOn: 'truncated' }).resize({ width: 8 }).raw().toBuffer();
    return { contentType, base64: bytes.toString('base64') };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(format ? `${which} is damaged or cut short.` : `${which} must be a JPEG, PNG or WebP picture.`);
  }
}
