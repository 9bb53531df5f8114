import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake MSG91 of our own, as its flow API (POST /api/v5/flow) is documented: the `authkey` header
 * checked (401 "Authentication failure" without the right one), a JSON body with `template_id`
 * and `recipients` (each `mobiles` as country code and number, no '+', and the template's
 * variables by name), answered `{ type: 'success', message: <request id> }`, or
 * `{ type: 'error', message }` with 400 for a body it cannot use. Like MSG91, it fills the
 * registered template's `##variable##`s to make the SMS it sends; a template it does not know,
 * or a variable missing, is refused. A text in another script than English (a Hindi template) goes
 * as Unicode only when the call says `unicode: 1`, as MSG91 asks; without it each such character
 * reaches the phone as '?', as a plain-text SMS carries it. It can fail the next call with a 5xx, once.
 */

export interface SentSms {
  templateId: string;
  sender: string | undefined;
  mobiles: string;
  text: string;
  /** Sent as Unicode (`unicode: 1`); left out for a plain-text SMS. */
  unicode?: true;
}

/** What a plain-text (GSM) SMS cannot carry: anything past ASCII, as far as this fake is concerned. */
const NOT_PLAIN = /[^\t\n\r -~]/g;

export class FakeMsg91 {
  readonly sent: SentSms[] = [];
  readonly calls: { path: string; authorized: boolean }[] = [];
  private server: http.Server | undefined;
  private failNext: number | undefined;
  url = '';

  constructor(
    readonly authKey: string,
    /** The templates registered in this account: MSG91 template id → its text with ##variables##. */
    readonly templates: Record<string, string>,
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

  /** The next send answers this status (MSG91 down) and sends nothing, once. */
  failOnce(status = 503): void {
    this.failNext = status;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').split('?')[0] ?? '';
    const authorized = request.headers.authkey === this.authKey;
    this.calls.push({ path, authorized });
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || path.replace(/\/+$/, '') !== '/api/v5/flow') {
      return answer(404, { type: 'error', message: 'Not found' });
    }
    if (!authorized) return answer(401, { type: 'error', message: 'Authentication failure' });
    if (this.failNext !== undefined) {
      const status = this.failNext;
      this.failNext = undefined;
      return answer(status, { type: 'error', message: 'Service temporarily unavailable' });
    }
    let body: { template_id?: unknown; sender?: unknown; recipients?: unknown; unicode?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      return answer(400, { type: 'error', message: 'Invalid JSON' });
    }
    const template = typeof body.template_id === 'string' ? this.templates[body.template_id] : undefined;
    if (!template) return answer(400, { type: 'error', message: 'Invalid template id' });
    if (!Array.isArray(body.recipients) || body.recipients.length === 0) {
      return answer(400, { type: 'error', message: 'Recipients missing' });
    }
    const unicode = body.unicode === 1 || body.unicode === '1';
    const ready: SentSms[] = [];
    for (const recipient of body.recipients as Record<string, unknown>[]) {
      const mobiles = String(recipient.mobiles ?? '');
      if (!/^91[6-9]\d{9}$/.test(mobiles)) return answer(400, { type: 'error', message: 'Invalid mobile number' });
      let missing = '';
      const text = template.replace(/##([a-z]+)##/g, (_whole, name: string) => {
        const value = recipient[name];
        if (typeof value !== 'string') missing = name;
        return String(value ?? '');
      });
      if (missing) return answer(400, { type: 'error', message: `Variable ${missing} missing` });
      ready.push({
        templateId: body.template_id as string,
        sender: typeof body.sender === 'string' ? body.sender : undefined,
        mobiles,
        text: unicode ? text : text.replace(NOT_PLAIN, '?'),
        ...(unicode ? { unicode: true as const } : {}),
      });
    }
    this.sent.push(...ready);
    return answer(200, { type: 'success', message: randomBytes(12).toString('hex') });
  }
}
