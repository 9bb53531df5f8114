import { twMerge } from 'tailwind-merge';

/**
 * The classes of a list that a later Tailwind class of the same list sets again (`w-full … w-20`):
 * tailwind-merge knows which classes set the same thing. Development and tests only (`cn` calls it
 * under `import.meta.env.DEV`), so the shop's pages never load it: on a phone its tables took a
 * long task of their own while the page was taken over.
 */
export function findOverriddenClasses(classList: string): string[] {
  const kept = new Set(twMerge(classList).split(' '));
  return [...new Set(classList.split(/\s+/).filter(Boolean))].filter((name) => !kept.has(name));
}
