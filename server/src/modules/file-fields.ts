import { z } from 'zod';

/**
 * Text fields of the files merchants write (catalogues, store details): each message names
 * its field, as the `store` command prints it beside the line or file it came from.
 */
export const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters.` });

export const requiredText = (field: string, max: number) => text(field, max).min(1, { error: `${field} is required.` });
