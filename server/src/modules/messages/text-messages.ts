import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/schema.js';
import type { Outbox } from './outbox.js';

/** Outbox kinds of text messages (SMS) start with this; the sender hands them to the text gateway. */
export const TEXT_MESSAGE_KIND = 'sms.';

export const isTextMessage = (kind: string): boolean => kind.startsWith(TEXT_MESSAGE_KIND);

/**
 * THE SEAM for SMS and WhatsApp gateways (MSG91, WhatsApp Business): one text to one Indian mobile
 * ('+919845012345'). Throws to have the outbox try again later, as a mail server's failure does.
 */
export interface TextGateway {
  /** `kind` is the message's kind without 'sms.' ('sign-in-code'): a DLT gateway sends its template. */
  sendTextMessage(phone: string, text: string, kind?: string): Promise<void>;
}

/** A text that can never be sent as it is (not its registered template): given up at once, not retried. */
export class UndeliverableMessage extends Error {}

/** With no gateway configured, each text is written as a file in the outbox folder, beside the emails. */
export function outboxFolderTexts(dir: string): TextGateway & { lastFile?: string } {
  return {
    async sendTextMessage(phone, text) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${phone.replace(/\D/g, '')}.sms.txt`,
      );
      fs.writeFileSync(file, `To: ${phone}\n\n${text}\n`);
      this.lastFile = file;
    },
  };
}

/** Writes a text message to the outbox in the caller's transaction: it is sent once that commits, with retries. */
export async function enqueueTextMessage(
  outbox: Outbox,
  trx: Database,
  message: { storeId: string; kind: string; phone: string; text: string },
): Promise<void> {
  await outbox.enqueue(trx, {
    storeId: message.storeId,
    kind: `${TEXT_MESSAGE_KIND}${message.kind}`,
    recipient: message.phone,
    subject: 'Text message',
    text: message.text,
    html: '',
  });
}
