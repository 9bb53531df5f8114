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
  /**
   * The kinds whose Hindi template (HINDI_SMS_TEMPLATES, registered on DLT as Unicode) the merchant
   * has, with its MSG91 template id: MSG91_HINDI_TEMPLATE_IDS. A Hindi shopper's SMS of such a kind goes in Hindi.
   */
  hindiTemplateIds?: Record<string, string>;
  /** How long one call may take before it is given up and tried again later (20 s). */
  timeoutMs?: number;
}

/** MSG91's answer to a send: `{ type: 'success', message: <request id> }` or `{ type: 'error', message }`. */
interface Msg91Answer {
  type?: string;
  message?: string;
}

/**
 * The template a text is: its Hindi one (sent as Unicode) when it is that filled in, else its English
 * one; undefined when it is neither.
 */
function templateIn(kind: string, text: string) {
  const hindi = matchTemplate(kind, text, 'hi');
  if (hindi) return { language: 'hi' as const, variables: hindi };
  const english = matchTemplate(kind, text);
  return english ? { language: 'en' as const, variables: english } : undefined;
}

/**
 * SMS through MSG91's flow API (POST /api/v5/flow): the template id of the message's kind in the
 * text's language (MSG91_TEMPLATE_IDS, or MSG91_HINDI_TEMPLATE_IDS for a Hindi text, sent with
 * `unicode: 1`), the sender id, and the variables read back out of the text. A text that is not its
 * kind's registered template in either language, or a kind with no template id in its language, is
 * refused before anything is sent (the outbox gives it up at once); a refusal or a failure of
 * MSG91's is thrown, and the outbox tries again later.
 */
export function msg91Gateway(settings: Msg91Settings): TextGateway {
  const base = settings.apiUrl.replace(/\/+$/, '');
  return {
    async sendTextMessage(phone, text, kind = '') {
      const template = templateIn(kind, text);
      if (!template)
        throw new UndeliverableMessage(`The text of this ${kind || 'unnamed'} SMS is not its registered template.`);
      const { language, variables } = template;
      const templateId = language === 'hi' ? settings.hindiTemplateIds?.[kind] : settings.templateIds[kind];
      if (!templateId) {
        const setting = language === 'hi' ? 'MSG91_HINDI_TEMPLATE_IDS' : 'MSG91_TEMPLATE_IDS';
        throw new UndeliverableMessage(`${setting} has no template id for ${kind} messages.`);
      }
      const response = await fetch(`${base}/api/v5/flow`, {
        method: 'POST',
        headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          sender: settings.senderId,
          short_url: '0',
          // Hindi is sent as Unicode (its DLT template is registered as one); English as plain text.
          unicode: language === 'hi' ? 1 : 0,
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
