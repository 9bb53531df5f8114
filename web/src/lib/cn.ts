import { findOverriddenClasses } from './class-overrides';

/**
 * Joins class names, skipping falsy ones. Nothing is merged: a component's own look is a class of
 * the stylesheet's components layer (`btn`, `field`, `skeleton`), so a caller's Tailwind classes,
 * in the utilities layer after it, restyle it by the cascade alone. Two utilities that set the same
 * thing would be decided by the stylesheet's order, not by the caller's: in development and tests
 * that is an error, with the classes it names.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  const joined = classes.filter(Boolean).join(' ');
  if (import.meta.env.DEV) {
    const overridden = findOverriddenClasses(joined);
    if (overridden.length > 0)
      throw new Error(`cn: ${overridden.join(', ')} set what a later class sets again, in "${joined}"`);
  }
  return joined;
}
