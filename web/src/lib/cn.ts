import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS_IN_USE } from './class-groups';

/** tailwind-merge's configuration, with any class group names. */
type GroupConfig = ReturnType<Parameters<typeof createTailwindMerge>[0]>;

/** tailwind-merge's own configuration, cut down to the class groups the storefront uses. */
function groupsInUse(config: GroupConfig): GroupConfig {
  const used = new Set<string>(CLASS_GROUPS_IN_USE);
  const keep = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).filter(([group]) => used.has(group)));
  const keepConflicts = (record: Partial<Record<string, readonly string[]>>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => used.has(group))
        .map(([group, others]) => [group, others?.filter((other) => used.has(other)) ?? []]),
    );
  return {
    ...config,
    classGroups: keep(config.classGroups),
    conflictingClassGroups: keepConflicts(config.conflictingClassGroups),
    conflictingClassGroupModifiers: keepConflicts(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: config.postfixLookupClassGroups?.filter((group) => used.has(group)),
  };
}

const merge = createTailwindMerge(() => groupsInUse(getDefaultConfig()));

/**
 * Joins class names, skipping falsy ones; when two Tailwind classes set the same thing
 * (bg-white, then bg-transparent), the later one wins, so callers can restyle a component.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return merge(classes.filter(Boolean).join(' '));
}

/**
 * Builds tailwind-merge's tables now rather than in the first cn() of the page's first render: on a
 * phone that is about 40 ms, better spent in a task of its own while the page is being taken over.
 */
export function prepareClassMerging(): void {
  merge('');
}
