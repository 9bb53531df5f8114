import { createHmac, timingSafeEqual } from 'node:crypto';
import { indianMobile } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../shared/ids.js';
import type { WhatsAppConsents } from './consents.js';

/** Meta's verification GET: the challenge echoed when the mode is subscribe and the token is ours; undefined otherwise. */
export function subscriptionChallenge(
  query: Record<string, unknown>,
  verifyToken: string | undefined,
): string | undefined {
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || query['hub.mode'] !== 'subscribe' || typeof token !== 'string') return undefined;
  if (typeof challenge !== 'string' || !sameText(token, verifyToken)) return undefined;
  return challenge;
}

/** X-Hub-Signature-256: 'sha256=' and the HMAC-SHA256 hex of the raw body with the app secret. */
export const whatsAppSignature = (appSecret: string, rawBody: Buffer | string): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export function signatureMatches(appSecret: string | undefined, rawBody: Buffer, header: unknown): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  return sameText(whatsAppSignature(appSecret, rawBody), header);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface StatusEvent {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown }[];
}
interface IncomingMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}
interface WebhookPayload {
  entry?: { changes?: { field?: unknown; value?: { statuses?: StatusEvent[]; messages?: IncomingMessage[] } }[] }[];
}

/** A status replaces another only when it is further on: a late 'sent' never undoes 'read'. */
const STATUS_RANK: Record<string, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Replies that end a shopper's updates, as WhatsApp's own opt-out words. */
const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'OPT OUT', 'OPTOUT']);

export interface WebhookResult {
  statuses: number;
  stopped: number;
}

/**
 * A verified webhook's events: delivery statuses of the messages the shop sent (a replay or an
 * older status changes nothing), and shoppers' replies, where STOP ends their updates.
 */
export async function applyWebhook(
  db: Database,
  consents: WhatsAppConsents,
  payload: WebhookPayload,
): Promise<WebhookResult> {
  const result: WebhookResult = { statuses: 0, stopped: 0 };
  for (const entry of Array.isArray(payload.entry) ? payload.entry : []) {
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      if (change.field !== 'messages' || !change.value) continue;
      for (const status of change.value.statuses ?? []) {
        if (await applyStatus(db, status)) result.statuses += 1;
      }
      for (const message of change.value.messages ?? []) {
        const words = message.type === 'button' ? message.button?.text : message.text?.body;
        const phone = typeof message.from === 'string' ? indianMobile(message.from) : undefined;
        if (phone && typeof words === 'string' && STOP_WORDS.has(words.trim().toUpperCase())) {
          result.stopped += await consents.withdrawNumber(phone, 'stop-reply');
        }
      }
    }
  }
  return result;
}

async function applyStatus(db: Database, event: StatusEvent): Promise<boolean> {
  if (typeof event.id !== 'string' || typeof event.status !== 'string') return false;
  const rank = STATUS_RANK[event.status];
  if (rank === undefined) return false;
  const sent = await db.selectFrom('whatsapp_messages').selectAll().where('id', '=', event.id).executeTakeFirst();
  if (!sent || rank <= (STATUS_RANK[sent.status] ?? -1)) return false;
  const seconds = Number(event.timestamp);
  const error = event.errors?.[0];
  await db
    .updateTable('whatsapp_messages')
    .set({
      status: event.status,
      status_at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : nowIso(),
      error: error ? `${String(error.code ?? '')} ${String(error.title ?? '')}`.trim() : null,
    })
    .where('id', '=', event.id)
    .where('status', '=', sent.status)
    .execute();
  return true;
}
