import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRow } from '../../db/schema.js';
import type { StoreService } from '../stores/service.js';
import { headersOf, type Outbox, oneLine } from './outbox.js';
import {
  isTextMessage,
  outboxFolderTexts,
  TEXT_MESSAGE_KIND,
  type TextGateway,
  UndeliverableMessage,
} from './text-messages.js';
import { isWhatsAppMessage, outboxFolderWhatsApp, templateCallOf, type WhatsAppGateway } from './whatsapp-messages.js';

export interface MailSettings {
  /** smtp://user:pass@host:587 or smtps://…; unset: messages are written as .eml files under `outboxDir`. */
  smtpUrl?: string;
  /** The From of every message; default: the store's name and its companyEmail. */
  mailFrom?: string;
  /** Where messages are written when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
  /** Messages claimed at a time (20). */
  batch?: number;
  /** Where text messages (SMS) go; unset: files in `outboxDir`. */
  textGateway?: TextGateway;
  /** Where WhatsApp messages go; unset: files in `outboxDir`. */
  whatsAppGateway?: WhatsAppGateway;
}

/** A mail server's answer often quotes the recipient; the log never holds a full email address. */
export const withoutAddresses = (text: string): string => text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '<address>');

/** What a sender tells the log: a line per message, never its recipient. */
export interface SenderLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

const SILENT: SenderLog = { info() {}, warn() {}, error() {} };

export interface PassResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the outbox: claims due messages, sends each with nodemailer (over SMTP_URL, or into an
 * .eml file when there is none), and marks it sent or due again later. Several senders (server
 * processes) may run at once: a claim lets only one of them deliver a message.
 */
export class MailSender {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly transport: Transporter;
  private readonly texts: TextGateway;
  private readonly whatsApp: WhatsAppGateway;
  private stopping = false;

  constructor(
    readonly outbox: Outbox,
    private readonly stores: StoreService,
    private readonly settings: MailSettings,
    private readonly log: SenderLog = SILENT,
  ) {
    this.texts = settings.textGateway ?? outboxFolderTexts(settings.outboxDir);
    this.whatsApp = settings.whatsAppGateway ?? outboxFolderWhatsApp(settings.outboxDir);
    this.transport = settings.smtpUrl
      ? // nodemailer waits minutes by default; a mail server that hangs is tried again later instead.
        nodemailer.createTransport({
          url: settings.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true });
  }

  /** One pass over the messages due at `now`. */
  async runOnce(now = Date.now()): Promise<PassResult> {
    const result: PassResult = { sent: 0, retrying: 0, failed: 0 };
    while (!this.stopping) {
      const claimed = await this.outbox.claimDue(this.id, now, this.settings.batch);
      if (claimed.length === 0) return result;
      for (const [index, row] of claimed.entries()) {
        if (this.stopping) {
          // The server is closing: what this pass claimed but did not send is due again at once, for any sender.
          await this.outbox.release(claimed.slice(index), this.id);
          return result;
        }
        try {
          await this.deliver(row);
          await this.outbox.markSent(row, this.id, now);
          result.sent += 1;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const outcome = await this.outbox.markAttemptFailed(row, this.id, now, reason, {
            giveUp: error instanceof UndeliverableMessage,
          });
          result[outcome === 'failed' ? 'failed' : 'retrying'] += 1;
          this.log[outcome === 'failed' ? 'error' : 'warn'](
            { message: row.id, kind: row.kind, attempts: row.attempts + 1, err: withoutAddresses(reason) },
            outcome === 'failed'
              ? 'a message could not be sent for a day: given up'
              : 'a message could not be sent yet',
          );
        }
      }
    }
    return result;
  }

  /** Finishes the message being sent, sends no other, and closes the connection. */
  stop(): void {
    this.stopping = true;
  }

  close(): void {
    this.stopping = true;
    this.transport.close();
  }

  private async deliver(row: OutboxRow): Promise<void> {
    if (isTextMessage(row.kind)) {
      await this.texts.sendTextMessage(row.recipient, row.text, row.kind.slice(TEXT_MESSAGE_KIND.length));
      this.log.info({ message: row.id, kind: row.kind }, 'text message sent');
      return;
    }
    if (isWhatsAppMessage(row.kind)) {
      await this.whatsApp.sendTemplate(row.recipient, templateCallOf(row), row);
      this.log.info({ message: row.id, kind: row.kind }, 'WhatsApp message sent');
      return;
    }
    const info = await this.transport.sendMail({
      from: await this.fromOf(row.store_id),
      to: row.recipient,
      subject: oneLine(row.subject),
      text: row.text,
      html: row.html,
      headers: { ...headersOf(row), 'X-Outbox-Id': row.id },
    });
    if (this.settings.smtpUrl) {
      this.log.info({ message: row.id, kind: row.kind }, 'message sent');
      return;
    }
    const file = path.join(this.settings.outboxDir, `${row.created_at.replace(/[:.]/g, '-')}-${row.id}.eml`);
    fs.mkdirSync(this.settings.outboxDir, { recursive: true });
    fs.writeFileSync(file, info.message as Buffer);
    this.log.info({ message: row.id, kind: row.kind, file }, 'no SMTP_URL: message written to a file');
  }

  private async fromOf(storeId: string): Promise<string | { name: string; address: string }> {
    if (this.settings.mailFrom) return oneLine(this.settings.mailFrom);
    const store = await this.stores.byId(storeId);
    return {
      name: oneLine(store?.store_name ?? 'Online Store'),
      address: oneLine(store?.company_email || `no-reply@${store?.host || 'localhost'}`),
    };
  }
}

/** How long after a message is written the sender looks for it: time for its transaction to commit. */
const SOON_MS = 250;

/**
 * Runs a pass every `everyMs` (and once at start), one at a time. Returns the function that stops it:
 * it waits for the message being sent, so the database is not closed under it (it would be sent twice).
 */
export function startMailSender(sender: MailSender, log: SenderLog, everyMs = 10_000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sender
      .runOnce()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'the mail sender failed; trying again on its next pass'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  // A message written by this process is sent within a moment, once its transaction has committed;
  // one written by another process (the `store` command) waits for the next pass.
  let soon: NodeJS.Timeout | undefined;
  const unsubscribe = sender.outbox.onEnqueue(() => {
    if (soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      if (running) void running.then(tick);
      else tick();
    }, SOON_MS);
    soon.unref();
  });
  return async () => {
    unsubscribe();
    clearTimeout(soon);
    clearInterval(timer);
    sender.stop();
    // At most a minute (the socket timeout): a hung mail server must not hold the shutdown for ever.
    await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 60_000).unref())]);
    sender.close();
  };
}
