import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with its MIME parts decoded. */
export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  /** The top-level header block, unfolded. */
  headers: string;
  subject: string;
  from: string;
  text: string;
  html: string;
}

/** A real SMTP server on a random local port; `refusing` turns every sender away with a temporary 451. */
export interface SmtpPeer {
  url: string;
  port: number;
  received: ReceivedMail[];
  refusing: boolean;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const peer = { received: [] as ReceivedMail[], refusing: false } as SmtpPeer;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!peer.refusing) return callback();
      const error = new Error('Try again later') as Error & { responseCode: number };
      error.responseCode = 451;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        peer.received.push({ envelopeTo: session.envelope.rcptTo.map((to) => to.address), ...readMessage(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?(.*?)\?=/gi, (_all, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const header = (headers: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';

function splitHeaders(part: string): { headers: string; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  return at < 0
    ? { headers: unfold(part), body: '' }
    : { headers: unfold(part.slice(0, at)), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: string, body: string): string {
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Reads a message as nodemailer writes it: one part, or multipart/alternative with text and HTML. */
export function readMessage(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const top = splitHeaders(raw);
  const found = { text: '', html: '' };
  const visit = (headers: string, body: string) => {
    const type = header(headers, 'Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitHeaders(part.replace(/^\r?\n/, ''));
        visit(inner.headers, inner.body);
      }
    } else if (/^text\/html/i.test(type)) found.html = decodeBody(headers, body);
    else if (/^text\/plain/i.test(type) || !type) found.text = decodeBody(headers, body);
  };
  visit(top.headers, top.body);
  return {
    raw,
    headers: top.headers,
    subject: decodeWords(header(top.headers, 'Subject')),
    from: decodeWords(header(top.headers, 'From')),
    ...found,
  };
}
