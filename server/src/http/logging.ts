import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** An incoming X-Request-Id is kept when it is sane (a proxy's or a client's), else one is made. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters that name a person or hold a secret. */
const SECRET_PARAMS = new Set(['contactinfo', 'email', 'phone', 'token', 'password']);
const EMAIL = /[^\s/?&=@]+@[^\s/?&=@]+/;
const PHONE = /\+?\d[\d\s-]{8,}\d/;

/** The URL as logs may keep it: secrets and contact details in the query replaced, emails anywhere masked. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  // Nearly every URL: no query and no email in the path.
  if (at === -1 && !url.includes('@')) return url;
  const path = (at === -1 ? url : url.slice(0, at)).replace(new RegExp(EMAIL, 'g'), '[email]');
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      if (SECRET_PARAMS.has(decoded.toLowerCase())) return `${name}=[redacted]`;
      let value = rest.join('=');
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {}
      return EMAIL.test(value) || PHONE.test(value) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Pino options for every log line of the server: what a request line may say, and what it never says. */
export function shopLogging(): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.email',
        '*.phone',
        '*.contactInfo',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: LoggedRequest) {
        return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
      },
    },
  };
}

/**
 * The logger of the request lines: the server's own, without the redaction pass, which was half
 * the cost of each line. Safe because a request line holds only what the serializers above make
 * of the request (method, the URL as redactUrl keeps it, host, address), the status, the time and
 * the request id; every other line, errors included, keeps the redaction.
 */
export function requestLineLogger(log: FastifyBaseLogger): FastifyBaseLogger {
  return log.child({}, { redact: [] });
}

/**
 * One line per request, written when it is answered: its method and URL (as redactUrl keeps them),
 * its status and how long it took, under its request id. Fastify's line on arrival doubled the
 * cost of logging, about a tenth of a small read, and said nothing the answer's line does not.
 */
export class AnswerLines extends LogController {
  private readonly lineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else this.linesOf(request.server.log).info({ reqId: request.id, ...line }, 'request completed');
  }

  private linesOf(log: FastifyBaseLogger): FastifyBaseLogger {
    let lines = this.lineLoggers.get(log);
    if (!lines) {
      lines = requestLineLogger(log);
      this.lineLoggers.set(log, lines);
    }
    return lines;
  }
}
