import { INVOICE_SIGNATURE_MAX_BYTES } from '@netkart/contract';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';

const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A signature is a strip: anything larger is a photograph, not a signature. */
const MAX_SIDE = 2000;

/**
 * The signature image an owner uploads, checked before it is kept: a whole PNG (decoded once, so
 * a truncated file is refused), at most 200 KB and 2000 pixels a side. The field named is `png`.
 */
export async function checkSignaturePng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0 || bytes.length > INVOICE_SIGNATURE_MAX_BYTES)
    throw new HttpError(400, 'png: the signature picture is a PNG of at most 200 KB.', {}, 'png');
  if (!bytes.subarray(0, 8).equals(PNG_START))
    throw new HttpError(400, 'png: the signature picture must be a PNG file.', {}, 'png');
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (width > MAX_SIDE || height > MAX_SIDE || width === 0 || height === 0)
      throw new HttpError(400, `png: the signature picture is at most ${MAX_SIDE} pixels a side.`, {}, 'png');
    await sharp(bytes, { failOn: 'truncated' }).resize({ width: 8 }).raw().toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'png: the signature picture is damaged or cut short.', {}, 'png');
  }
  return bytes;
}
