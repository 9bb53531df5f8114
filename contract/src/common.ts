import { z } from 'zod';

/** Every 4xx/5xx body: one message a person can read, and the request field it is about when there is one. */
export const ErrorResponse = z.object({ error: z.string(), field: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * ok; degraded: something is wrong, named in `reasons` (answered 503 when the database cannot take
 * writes, 200 while the shop still serves, e.g. Redis down); no-store: no store yet (`store init`).
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'no-store']),
  /** What is wrong when the status is not ok, e.g. "redis: connect ECONNREFUSED …" or "disk: …". */
  reasons: z.array(z.string()).optional(),
});
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
