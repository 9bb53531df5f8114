import type { z } from 'zod';

/** Each field's first problem, by its path ("slabs.1.upToGrams"), as the contract's schema words it. */
export type Problems = Record<string, string>;

export function problemsOf(error: z.ZodError): Problems {
  const problems: Problems = {};
  for (const issue of error.issues) {
    const where = issue.path.map(String).join('.');
    problems[where] ??= issue.message;
  }
  return problems;
}

/** The first problem at this field or anywhere inside it (a PIN in a zone's list is the list's problem). */
export function problemAt(problems: Problems, field: string): string | undefined {
  const key = Object.keys(problems).find((path) => path === field || path.startsWith(`${field}.`));
  return key === undefined ? undefined : problems[key];
}
