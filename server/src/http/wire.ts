import { ErrorResponse } from '@netkart/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  onSendHookHandler,
} from 'fastify';
import { z } from 'zod';
import { inputError, parse } from './errors.js';

/**
 * The contract on the wire: every API route declares zod schemas for its params, query, body and
 * answers (fastify-type-provider-zod's way), and these compilers hold the server to them.
 *
 * Input is checked in Fastify's validation step, but a failure is not answered there: the route's
 * own guards (sign-in, rate limits, the back office's CSRF check) still come first, as they did
 * when each handler parsed its input itself. The handler reads its input with `valid()`, which
 * raises the 400 at that point, with the same message and field `parse` gives.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: inputError(result.error) };
  };

/** An answer that does not fit its route's response schema: a bug of ours, answered 500 and logged, never sent. */
export class AnswerOutsideSchema extends Error {
  readonly statusCode = 500;
  constructor(method: string, url: string, problem: string) {
    super(`The answer of ${method} ${url} does not fit its schema: ${problem}`);
    this.name = 'AnswerOutsideSchema';
  }
}

/**
 * In tests an answer must fit its schema exactly: a field the schema does not name would be
 * dropped silently on the way out (zod strips unknown keys), changing what the route answers.
 */
const EXACT_ANSWERS = process.env.NODE_ENV === 'test' || Boolean(process.env.VITEST);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The path of the first field of `original` that did not make it into `kept`, if any. */
export function droppedField(original: unknown, kept: unknown, path = ''): string | undefined {
  if (Array.isArray(original) && Array.isArray(kept)) {
    for (const [index, item] of original.entries()) {
      const dropped = droppedField(item, kept[index], `${path}[${index}]`);
      if (dropped !== undefined) return dropped;
    }
    return undefined;
  }
  if (!isPlainObject(original) || !isPlainObject(kept)) return undefined;
  for (const [key, value] of Object.entries(original)) {
    if (value === undefined) continue;
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) return at;
    const dropped = droppedField(value, kept[key], at);
    if (dropped !== undefined) return dropped;
  }
  return undefined;
}

type ResponseSchema = z.ZodType | { properties: z.ZodType };
const zodOf = (schema: ResponseSchema): z.ZodType => (schema instanceof z.ZodType ? schema : schema.properties);

/** JSON answers are encoded by their schema (checked on the way) and written from what it kept. */
export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({ schema, method, url }) => {
  const zod = zodOf(schema);
  return (data) => {
    const result = z.safeEncode(zod, data);
    if (!result.success) throw new AnswerOutsideSchema(method, url, z.prettifyError(result.error));
    if (EXACT_ANSWERS) {
      const dropped = droppedField(data, result.data);
      if (dropped !== undefined) throw new AnswerOutsideSchema(method, url, `${dropped} is not in the schema`);
    }
    return JSON.stringify(result.data);
  };
};

type InputPart = 'params' | 'query' | 'body';
/** The schema's name of each part, in the order Fastify checks them (it stops at the first that fails). */
const SCHEMA_KEYS = { params: 'params', body: 'body', query: 'querystring' } as const;
const CHECK_ORDER: string[] = ['params', 'body', 'querystring', 'headers'];

/**
 * The request's input as its route's schema made it (coerced, trimmed, defaults filled in), or the
 * 400 its input earned, raised here, where the handler reads it.
 */
export function valid<R extends FastifyRequest, P extends InputPart>(request: R, part: P): R[P] {
  const error = request.validationError;
  if (!error) return request[part];
  const key = SCHEMA_KEYS[part];
  const failed = CHECK_ORDER.indexOf(error.validationContext);
  const here = CHECK_ORDER.indexOf(key);
  if (here === failed) throw error;
  if (here < failed) return request[part];
  // Fastify stopped at an earlier part, which this handler reads later: this part is checked now.
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[key];
  return schema instanceof z.ZodType ? (parse(schema, request[part]) as R[P]) : request[part];
}

const takesInput = (schema: FastifySchema | undefined) =>
  Boolean(schema && (schema.params || schema.querystring || schema.body));

/**
 * Within the API scope: routes with input schemas keep their validation error for `valid()`, and
 * an answer given while one is pending (a handler that never read its input) is a bug of ours.
 */
export function holdInputErrors(api: FastifyInstance): void {
  // Only on the routes that take input: the other answers (kept catalogue reads among them) pay nothing.
  const refuseUnreadInput: onSendHookHandler = (request, reply, payload, done) => {
    if (request.validationError && reply.statusCode < 400)
      return done(
        new Error(`${request.method} ${request.routeOptions.url} answered without reading its checked input`),
      );
    done(null, payload);
  };
  api.addHook('onRoute', (route) => {
    if (!takesInput(route.schema)) return;
    route.attachValidation = true;
    route.onSend = [...[route.onSend ?? []].flat(), refuseUnreadInput];
  });
}

/** How a caller is known: a shopper's bearer token, or the back office's session cookie. */
type Security = Record<string, string[]>[];
export const SHOPPER_TOKEN: Security = [{ shopperToken: [] }];
export const STAFF_SESSION: Security = [{ staffSession: [] }];

/** A module's routes in the API's document: under its tag, and behind its sign-in unless a route says otherwise. */
export function describeRoutes(app: FastifyInstance, { tag, security }: { tag: string; security?: Security }): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      tags: schema.tags ?? [tag],
      ...(security && !schema.security ? { security } : {}),
    };
  });
}

/** A route's answers: its own, and the `{ error, field? }` of every refusal and failure. */
const REFUSED = ErrorResponse.describe('Refused: what is wrong, and the request field it is about');
const FAILED = ErrorResponse.describe('The shop could not answer (503: for a while; 500: a bug of ours)');
export const withErrors = <T extends Record<number, unknown>>(own: T) => ({ ...own, '4xx': REFUSED, '5xx': FAILED });

/** An answer that is not JSON (a page, a file), for the document: written by its route, not by a schema. */
export const notJson = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/** A 303 to another address (the storefront's page of what happened). */
export const redirect = (description: string) => z.undefined().describe(description);
