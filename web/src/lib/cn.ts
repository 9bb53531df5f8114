import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones; when two Tailwind classes set the same thing
 * (bg-white, then bg-transparent), the later one wins, so callers can restyle a component.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(' '));
}
