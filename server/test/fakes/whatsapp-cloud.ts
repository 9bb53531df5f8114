import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { whatsAppSignature } from '../../src/modules/whatsapp/webhook.js';

/**
 * A fake WhatsApp Business Cloud API of our own, as Meta documents it: POST
 * /{version}/{phone-number-id}/messages with a bearer token (error 190, HTTP 401, for a bad one);
 * only approved templates called with their exact number of parameters (132001 / 132000); the
 * answer `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }`.
 * It can fail the next calls (a 5xx or 130429 throughput), and it writes the webhooks Meta sends —
 * statuses and replies — signed with the app secret (X-Hub-Signature-256), or forged.
 */
export interface SentTemplate {
  wamid: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  buttons: unknown[];
}

export class FakeWhatsAppCloud {
  readonly sent: SentTemplate[] = [];
  readonly calls: { path: string; authorized: boolean; status: number }[] = [];
  private readonly failures: { status: number; code: number; message: string }[] = [];
  private server: http.Server | undefined;
  url = '';

  constructor(
    readonly account = { token: 'EAAG-test-token', phoneNumberId: '106540352242922', appSecret: 'app-secret-1' },
    /** Approved templates by name: how many body parameters each takes. */
    readonly approved: Record<string, number> = {},
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next call answers this error instead (5xx: Meta's outage; 130429: throughput reached). */
  failNext(status: number, code: number, message: string): void {
    this.failures.push({ status, code, message });
  }

  /** A webhook body of delivery statuses, as Meta posts it. */
  statusesPayload(statuses: { wamid: string; status: string; at: Date; to: string; errors?: object[] }[]): string {
    return this.payload({
      statuses: statuses.map((each) => ({
        id: each.wamid,
        status: each.status,
        timestamp: String(Math.floor(each.at.getTime() / 1000)),
        recipient_id: each.to,
        ...(each.errors ? { errors: each.errors } : {}),
      })),
    });
  }

  /** A webhook body of a shopper's text reply. */
  replyPayload(from: string, text: string): string {
    return this.payload({
      contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
      messages: [
        {
          from,
          id: `wamid.${randomBytes(12).toString('hex')}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: text },
        },
      ],
    });
  }

  /** X-Hub-Signature-256 for a body, with the app secret (or another secret, to forge one). */
  sign(body: string, secret = this.account.appSecret): string {
    return whatsAppSignature(secret, body);
  }

  private payload(value: object): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: this.account.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const authorized = request.headers.authorization === `Bearer ${this.account.token}`;
    const answer = (status: number, body: object) => {
      this.calls.push({ path: request.url ?? '', authorized, status });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string, type = 'OAuthException') =>
      answer(status, { error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') } });

    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return error(400, 100, 'Unsupported request.', 'GraphMethodException');
    if (!authorized) return error(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (match[1] !== this.account.phoneNumberId) {
      return error(
        400,
        100,
        `Unsupported post request. Object with ID '${match[1]}' does not exist.`,
        'GraphMethodException',
      );
    }
    const failure = this.failures.shift();
    if (failure) return error(failure.status, failure.code, failure.message);

    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
      };
    };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return error(400, 100, 'Invalid parameter', 'OAuthException');
    }
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.to || !/^\d{8,15}$/.test(body.to)) {
      return error(400, 131008, '(#131008) Required parameter is missing');
    }
    const name = body.template?.name ?? '';
    const expected = this.approved[name];
    if (expected === undefined) return error(404, 132001, '(#132001) Template name does not exist in the translation');
    const components = body.template?.components ?? [];
    const parameters = (components.find((component) => component.type === 'body')?.parameters ?? []).map(
      (parameter) => parameter.text ?? '',
    );
    if (parameters.length !== expected) {
      return error(400, 132000, '(#132000) Number of parameters does not match the expected number of params');
    }
    if (parameters.some((text) => text.trim() === '' || /[\n\t]| {5,}/.test(text))) {
      return error(400, 132018, '(#132018) There was an issue with the parameters in your template.');
    }
    const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
    this.sent.push({
      wamid,
      to: body.to,
      template: name,
      language: body.template?.language?.code ?? '',
      parameters,
      buttons: components.filter((component) => component.type === 'button'),
    });
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid, message_status: 'accepted' }],
    });
  }
}
