import fs from 'node:fs';
import path from 'node:path';
import type { Database, OutboxRow } from '../../db/schema.js';
import type { Outbox } from './outbox.js';

/** Outbox kinds of WhatsApp messages start with this; the sender hands them to the WhatsApp gateway. */
export const WHATSAPP_MESSAGE_KIND = 'whatsapp.';

export const isWhatsAppMessage = (kind: string): boolean => kind.startsWith(WHATSAPP_MESSAGE_KIND);

/**
 * A business-initiated WhatsApp message is a template Meta approved, called by name with its
 * parameters in order ({{1}}, {{2}} …); free text is allowed only in reply to a shopper.
 */
export interface TemplateCall {
  template: string;
  /** The template's language code as approved ('en'). */
  language: string;
  parameters: string[];
}

/**
 * THE SEAM for WhatsApp (the Business Cloud API): one template message to one Indian mobile
 * ('+919845012345'). Throws to have the outbox try again later, as a mail server's failure does.
 */
export interface WhatsAppGateway {
  sendTemplate(phone: string, call: TemplateCall, row: OutboxRow): Promise<void>;
}

/** With no WhatsApp account configured, each message is written as a file in the outbox folder, as the texts are. */
export function outboxFolderWhatsApp(dir: string): WhatsAppGateway {
  return {
    async sendTemplate(phone, call, row) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${phone.replace(/\D/g, '')}.whatsapp.txt`,
      );
      fs.writeFileSync(file, `To: ${phone}\nTemplate: ${call.template} (${call.language})\n\n${row.text}\n`);
    },
  };
}

/** The template call an outbox row carries (a WhatsApp row always has one). */
export function templateCallOf(row: Pick<OutboxRow, 'payload_json'>): TemplateCall {
  if (!row.payload_json) throw new Error('This WhatsApp message has no template to send.');
  return JSON.parse(row.payload_json) as TemplateCall;
}

/**
 * Writes a WhatsApp message to the outbox in the caller's transaction: it is sent once that commits,
 * with retries. `text` is what the template reads with its parameters filled in (the back office
 * and the outbox folder show it).
 */
export async function enqueueWhatsAppMessage(
  outbox: Outbox,
  trx: Database,
  message: { storeId: string; kind: string; phone: string; text: string; call: TemplateCall },
): Promise<void> {
  await outbox.enqueue(trx, {
    storeId: message.storeId,
    kind: `${WHATSAPP_MESSAGE_KIND}${message.kind}`,
    recipient: message.phone,
    subject: 'WhatsApp message',
    text: message.text,
    html: '',
    payload: message.call,
  });
}
