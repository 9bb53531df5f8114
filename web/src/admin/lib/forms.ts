import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type ErrorTree = { [key: string]: ErrorTree | { type: string; message: string } };

/**
 * A react-hook-form resolver from one of the contract's schemas, so the browser shows the same
 * messages as the server before the round trip. Each field gets its first message; a nested
 * field ('attributes.0.key') gets it where react-hook-form looks for it.
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
): Resolver<Values, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: ErrorTree = {};
    issues: for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path.map(String) : ['root'];
      let node = errors;
      for (const part of path.slice(0, -1)) {
        const next = node[part];
        // A field that already has its message keeps it; the issue inside it waits for the next round.
        if (next && typeof next.message === 'string') continue issues;
        if (!next) node[part] = {};
        node = node[part] as ErrorTree;
      }
      const last = path.at(-1) as string;
      node[last] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as never };
  };
}
