import { z } from 'zod';

/** Every 4xx/5xx body: one message a person can read, and the request field it is about when there is one. */
export const ErrorResponse = z.object({ error: z.string(), field: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** ok; degraded: the database cannot take writes; no-store: no store has been created yet (`store init`). */
export const HealthResponse = z.object({ status: z.enum(['ok', 'degraded', 'no-store']) });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** A required piece of text: trimmed, non-blank, bounded. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** Ids are opaque text; bounded so a hostile id costs nothing. */
export const Id = z
  .string({ error: (issue) => (issue.input === undefined ? 'Id is required.' : 'Id must be text.') })
  .trim()
  .min(1, { error: 'Id is required.' })
  .max(64, { error: 'Id is too long.' });
