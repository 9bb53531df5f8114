import fs from 'node:fs';
import path from 'node:path';
import {
  hasPictureCopies,
  PICTURE_COPY_FORMATS,
  PICTURE_COPY_WIDTHS,
  PICTURE_MAX_PIXELS,
  type PictureCopyFormat,
  pictureCopies,
  SHARE_CARD,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** Pictures larger than this are not decoded (a small file can unpack to gigabytes): the upload's own limit. */
const MAX_SOURCE_PIXELS = PICTURE_MAX_PIXELS;
const NOT_FOUND = { error: 'Picture not found.' };

export interface PictureCopiesOptions {
  /** Where /media/ pictures are looked for, first found wins (as /media/ serves them). */
  mediaDirs: string[];
  /** Where copies are kept once made. */
  copiesDir: string;
}

/**
 * Makes and keeps the smaller WebP and AVIF copies of the shop's pictures (see
 * contract/src/pictures.ts), one at a time, so a burst of first visits cannot take every core:
 * a copy is made once, on its first request or when its picture is uploaded, then served as a file.
 */
export class PictureCopies {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly making = new Map<string, Promise<string | undefined>>();

  constructor(private readonly options: PictureCopiesOptions) {}

  /** The file of a copy, made if need be; undefined when there is no such picture or it cannot be read. */
  async file(mediaPath: string, width: number, format: PictureCopyFormat): Promise<string | undefined> {
    const target = path.join(this.options.copiesDir, String(width), `${mediaPath}.${format}`);
    return this.kept(mediaPath, target, (file, into) => make(file, into, width, format));
  }

  /** The kept file made from a picture, made (once, whoever asks meanwhile) when missing or older than the picture. */
  private async kept(
    mediaPath: string,
    target: string,
    maker: (source: string, target: string) => Promise<string | undefined>,
  ): Promise<string | undefined> {
    const source = this.source(mediaPath);
    if (!source) return undefined;
    const made = fs.statSync(target, { throwIfNoEntry: false });
    if (made && made.mtimeMs >= source.changedAt) return target;
    const already = this.making.get(target);
    if (already) return already;
    const making = this.enqueue(() => maker(source.file, target)).finally(() => this.making.delete(target));
    this.making.set(target, making);
    return making;
  }

  /**
   * The picture's share card (1200×630 JPEG, letterboxed on white: see SHARE_CARD), kept beside
   * the copies and made again when the picture changes; undefined when there is no such picture.
   */
  async shareCard(mediaPath: string): Promise<string | undefined> {
    return this.kept(mediaPath, path.join(this.options.copiesDir, 'share', `${mediaPath}.jpg`), (file, target) =>
      makeShareCard(file, target),
    );
  }

  /** Work of any kind done one at a time with the copies (a store's share card). */
  queued<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(work);
  }

  /** Every copy of a picture just uploaded, made in the background so the first shopper does not wait. */
  prepare(image: { url: string; width: number }): void {
    for (const copy of pictureCopies(image))
      void this.file(image.url.slice('/media/'.length), copy.width, copy.format).catch(() => undefined);
  }

  /** The picture's file under one of the media folders, and when it last changed; never a path that leaves them. */
  private source(mediaPath: string): { file: string; changedAt: number } | undefined {
    if (!hasPictureCopies(mediaPath) || mediaPath.includes('\0')) return undefined;
    for (const dir of this.options.mediaDirs) {
      const root = path.resolve(dir);
      const file = path.resolve(root, mediaPath);
      if (!file.startsWith(`${root}${path.sep}`)) return undefined;
      const found = fs.statSync(file, { throwIfNoEntry: false });
      if (found?.isFile()) return { file, changedAt: found.mtimeMs };
    }
    return undefined;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Writes the copy aside and renames it, so a reader never gets half a picture. */
async function make(source: string, target: string, width: number, format: PictureCopyFormat) {
  try {
    const resized = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    const bytes = await (format === 'avif'
      ? resized.avif({ quality: 50, effort: 2 })
      : resized.webp({ quality: 75 })
    ).toBuffer();
    return written(target, bytes);
  } catch {
    return undefined;
  }
}

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** The whole picture on a white 1200×630 card, never cropped: a product cut in half sells nothing. */
async function makeShareCard(source: string, target: string) {
  try {
    const bytes = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, density: 144 })
      .rotate()
      .resize({ width: SHARE_CARD.width, height: SHARE_CARD.height, fit: 'contain', background: WHITE })
      .flatten({ background: WHITE })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return written(target, bytes);
  } catch {
    return undefined;
  }
}

function written(target: string, bytes: Buffer): string {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.part`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, target);
  return target;
}

/** GET /pictures/<width>/<path under /media/>.<format>: a copy, kept by browsers and CDNs like /media/ itself. */
export async function pictureCopyRoutes(app: FastifyInstance, { copies }: { copies: PictureCopies }): Promise<void> {
  // GET /pictures/share/<path under /media/>.jpg: the picture's card for link previews.
  app.get<{ Params: { '*': string } }>('/pictures/share/*', async (request, reply) => {
    const asked = request.params['*'];
    if (!asked.endsWith('.jpg')) return reply.code(404).send(NOT_FOUND);
    const file = await copies.shareCard(asked.slice(0, -'.jpg'.length));
    if (!file) return reply.code(404).send(NOT_FOUND);
    return reply.type(SHARE_CARD.type).header('cache-control', 'public, max-age=86400').send(fs.createReadStream(file));
  });
  app.get<{ Params: { width: string; '*': string } }>('/pictures/:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    const asked = request.params['*'];
    const dot = asked.lastIndexOf('.');
    const format = asked.slice(dot + 1);
    if (!(PICTURE_COPY_WIDTHS as readonly number[]).includes(width) || !(format in PICTURE_COPY_FORMATS) || dot < 1)
      return reply.code(404).send(NOT_FOUND);
    const file = await copies.file(asked.slice(0, dot), width, format as PictureCopyFormat);
    if (!file) return reply.code(404).send(NOT_FOUND);
    return reply
      .type(PICTURE_COPY_FORMATS[format as PictureCopyFormat])
      .header('cache-control', 'public, max-age=604800')
      .send(fs.createReadStream(file));
  });
}
