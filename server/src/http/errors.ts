import type { z } from 'zod';

/** An error whose message is safe and useful to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The request field the message is about, so a form can show it beside that field. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Validates input against a schema; the first problem becomes a 400 with a readable message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw inputError(result.error);
}

/** The 400 a request's input earns: its first problem, in words, and the field it is about. */
export function inputError(error: z.ZodError): HttpError {
  const issue = error.issues[0];
  const field = issue?.path.filter((part) => typeof part === 'string' || typeof part === 'number').join('.');
  const message = issue?.message ?? 'Invalid request.';
  // Our own messages name their field; zod's generic ones ("Invalid input …") get the field in front.
  const named =
    field && /^(Invalid (input|option|key|element|union)|Too (big|small)|Expected|Unrecognized)/.test(message)
      ? `${field}: ${message}`
      : message;
  if (issue?.code === 'invalid_type' && !field) return new HttpError(400, 'Request body must be a JSON object.');
  return new HttpError(400, named, {}, field || undefined);
}
