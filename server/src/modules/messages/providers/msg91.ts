import { matchTemplate } from '../sms-templates.js';
import { type TextGateway, UndeliverableMessage } from '../text-messages.js';

/** MSG91's own address; tests give a fake of ours. */
export const MSG91_API_URL = 'https://control.msg91.com';

export interface Msg91Settings {
  /** The account's auth key (MSG91_AUTH_KEY), sent as the `authkey` header. */
  authKey: string;
  /** The DLT-registered sender id (header), e.g. 'NTKART' (MSG91_SENDER_ID). */
  senderId: string;
  /** MSG91_API_URL: MSG91's address, or a fake's in tests. */
  apiUrl: string;
  /** Each message kind's template id in MSG91 (mapped there to its DLT template id): MSG91_TEMPLATE_IDS. */
  templateIds: Record<string, string>;
  /** How long one call may take before it is given up and tried again later (20 s). */
  timeoutMs?: number;
}

/** MSG91's answer to a send: `{ type: 'success', message: <request id> }` or `{ type: 'error', message }`. */
interface Msg91Answer {
  type?: string;
  message?: string;
}

/**
 * SMS through MSG91's flow API (POST /api/v5/flow): the template id of the message's kind, the
 * sender id, and the variables read back out of the text. A text that is not its kind's registered
 * template, or a kind with no template id, is refused before anything is sent (the outbox gives it
 * up at once); a refusal or a failure of MSG91's is thrown, and the outbox tries again later.
 */
export function msg91Gateway(settings: Msg91Settings): TextGateway {
  const base = settings.apiUrl.replace(/\/+$/, '');
  return {
    async sendTextMessage(phone, text, kind = '') {
      const variables = matchTemplate(kind, text);
      if (!variables)
        throw new UndeliverableMessage(`The text of this ${kind || 'unnamed'} SMS is not its registered template.`);
      const templateId = settings.templateIds[kind];
      if (!templateId) throw new UndeliverableMessage(`MSG91_TEMPLATE_IDS has no template id for ${kind} messages.`);
      const response = await fetch(`${base}/api/v5/flow`, {
        method: 'POST',
        headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          sender: settings.senderId,
          short_url: '0',
          recipients: [{ mobiles: phone.replace(/\D/g, ''), ...variables }],
        }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 20_000),
      });
      const answer = (await response.json().catch(() => ({}))) as Msg91Answer;
      if (!response.ok || answer.type !== 'success') {
        throw new Error(
          `MSG91 refused the SMS (${response.status}): ${String(answer.message ?? 'no reason given').slice(0, 200)}`,
        );
      }
    },
  };
}
