import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

/** A message as it reached the mail server: its recipients, subject and decoded body (text and HTML parts). */
export interface Mail {
  to: string[];
  subject: string;
  body: string;
}

/** A real SMTP server on a fixed local port, which can be stopped and started again like a mail host. */
export class Mailbox {
  readonly received: Mail[] = [];
  private server: SMTPServer | undefined;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push(
            readMail(
              session.envelope.rcptTo.map((to) => to.address),
              Buffer.concat(chunks),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to `address` whose subject matches, once `count` of them arrived (the sender polls). */
  async waitFor(address: string, subject: RegExp, count = 1): Promise<Mail[]> {
    const matching = () => this.received.filter((mail) => mail.to.includes(address) && subject.test(mail.subject));
    await expect.poll(() => matching().length, { timeout: 30_000, message: `${subject} to ${address}` }).toBe(count);
    return matching();
  }
}

/** Quoted-printable and base64 bodies, and RFC 2047 subjects, back to text: enough to read links and words. */
function readMail(to: string[], raw: Buffer): Mail {
  const text = raw.toString('utf8');
  const headerEnd = text.search(/\r?\n\r?\n/);
  const headers = text.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^Subject:\s*(.*)$/im.exec(headers)?.[1] ?? '').replace(
    /=\?utf-8\?([qb])\?(.*?)\?=\s*/gi,
    (_all, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuoted(data.replace(/_/g, ' ')),
  );
  const parts = text.slice(headerEnd).split(/\r?\n--[^\r\n]+\r?\n/);
  const body = parts
    .map((part) => {
      if (/Content-Transfer-Encoding:\s*base64/i.test(part)) {
        const data = part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, '');
        return Buffer.from(data, 'base64').toString('utf8');
      }
      return /Content-Transfer-Encoding:\s*quoted-printable/i.test(part) ? decodeQuoted(part) : part;
    })
    .join('\n');
  return { to, subject, body };
}

function decodeQuoted(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
