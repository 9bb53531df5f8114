import { SHARE_CARD, STORE_SHARE_CARD_URL } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { storeHostOf } from '../../http/store-host.js';
import { type StoreService, toStoreInfo } from '../stores/service.js';
import type { PictureCopies } from './picture-copies.js';

/** The storefront's brand colour (web/src/index.css, brand-600), as on the app manifest. */
const BRAND = '#4f46e5';
/** Cards kept in memory: one per store name and description; a few KB each. */
const KEPT_CARDS = 64;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);

/** A line of at most `length` characters, cut at a word. */
function clipped(text: string, length: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}

/** The store's card: its name large on white over a band of the brand colour, and its description. */
export function storeCardSvg(name: string, description: string): string {
  const { width, height } = SHARE_CARD;
  const title = clipped(name, 28);
  const line = clipped(description, 70);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#ffffff"/>
  <rect y="${height - 90}" width="${width}" height="90" fill="${BRAND}"/>
  <text x="80" y="290" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="bold" fill="#0f172a">${xml(title)}</text>
  <text x="80" y="370" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#475569">${xml(line)}</text>
</svg>`;
}

/**
 * GET /share-card.jpg: the link preview of the store of the request's host (every page but a
 * product's with a picture of its own), a 1200×630 JPEG made from its name and description. Kept
 * in memory, a few dozen at most, and made again when the name or description changes.
 */
export async function storeShareCardRoutes(
  app: FastifyInstance,
  { stores, copies }: { stores: StoreService; copies: PictureCopies },
): Promise<void> {
  const kept = new Map<string, Promise<Buffer>>();
  const cardFor = (name: string, description: string): Promise<Buffer> => {
    const key = `${name}\n${description}`;
    const found = kept.get(key);
    if (found) {
      // Most recently used last: the first key is the one to let go.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const making = copies.queued(() =>
      sharp(Buffer.from(storeCardSvg(name, description)))
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer(),
    );
    making.catch(() => kept.delete(key));
    kept.set(key, making);
    if (kept.size > KEPT_CARDS) kept.delete(kept.keys().next().value as string);
    return making;
  };

  app.get(STORE_SHARE_CARD_URL, async (request, reply) => {
    const info = toStoreInfo(await stores.forHost(storeHostOf(request.headers.host)));
    const card = await cardFor(info.storeName || info.companyName || 'Online Store', info.metaDescription ?? '');
    return reply.type(SHARE_CARD.type).header('cache-control', 'public, max-age=3600').send(card);
  });
}
