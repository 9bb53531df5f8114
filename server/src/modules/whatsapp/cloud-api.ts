import type { OutboxRow } from '../../db/schema.js';
import { UndeliverableMessage } from '../messages/text-messages.js';
import type { TemplateCall, WhatsAppGateway } from '../messages/whatsapp-messages.js';
import { GRAPH_API_VERSION, type WhatsAppEnvironment } from './environment.js';
import { templateNamed } from './templates.js';

/** What the gateway keeps of a message WhatsApp accepted: its id (wamid), for the webhook's statuses. */
export type RecordSent = (sent: { wamid: string; row: OutboxRow; phone: string; template: string }) => Promise<void>;

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number };
}
interface SendAnswer extends GraphError {
  messages?: { id?: string }[];
}

/**
 * Meta's errors that no retry mends (the number is not on WhatsApp, the template is not approved
 * or not called as approved): the message is given up at once. Others (a bad token the merchant
 * may fix, 130429 throughput, 131000 and 5xx) are tried again later.
 */
const NEVER_DELIVERABLE = new Set([
  100, 131026, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016, 132018,
]);

/** The body of POST /{version}/{phone-number-id}/messages for a template: parameters in order, a copy-code button for a code. */
export function templateMessageBody(phone: string, call: TemplateCall): object {
  const template = templateNamed(call.template);
  if (!template) throw new UndeliverableMessage(`No WhatsApp template is named ${call.template}.`);
  const text = (value: string) => ({ type: 'text', text: value });
  const components: object[] = [{ type: 'body', parameters: call.parameters.map(text) }];
  if (template.category === 'AUTHENTICATION') {
    // Meta's authentication templates carry the code again on their copy-code button.
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [text(call.parameters[0] ?? '')] });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: phone.replace(/^\+/, ''),
    type: 'template',
    template: { name: template.name, language: { code: call.language }, components },
  };
}

/**
 * WhatsApp Business Cloud API: each outbox message is one template message. Any refusal or
 * silence throws, and the outbox tries again later (Meta asks senders to back off on 429 and 5xx;
 * a 4xx such as an unapproved template fails the same way until the outbox gives up, and its
 * reason is in the back office's Messages).
 */
export class WhatsAppCloud implements WhatsAppGateway {
  constructor(
    private readonly environment: WhatsAppEnvironment & { token: string; phoneNumberId: string },
    private readonly recordSent: RecordSent,
  ) {}

  async sendTemplate(phone: string, call: TemplateCall, row: OutboxRow): Promise<void> {
    const { apiUrl, phoneNumberId, token, timeoutMs } = this.environment;
    const response = await fetch(`${apiUrl.replace(/\/$/, '')}/${GRAPH_API_VERSION}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(templateMessageBody(phone, call)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as SendAnswer;
    if (!response.ok) {
      const code = answer.error?.code;
      const reason = `WhatsApp refused the message (HTTP ${response.status}${code ? `, error ${code}` : ''}): ${answer.error?.message ?? 'no reason given'}`;
      throw code !== undefined && NEVER_DELIVERABLE.has(code) ? new UndeliverableMessage(reason) : new Error(reason);
    }
    const wamid = answer.messages?.[0]?.id;
    if (!wamid) throw new Error('WhatsApp answered without the message id.');
    await this.recordSent({ wamid, row, phone, template: call.template });
  }
}
