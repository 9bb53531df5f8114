// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS_IN_USE } from './class-groups';
import { cn } from './cn';

describe('cn', () => {
  it('skips falsy class names', () => {
    expect(cn('px-4', false, null, undefined, 'py-2')).toBe('px-4 py-2');
  });

  it('lets a later class override an earlier one that sets the same thing', () => {
    expect(cn('border-slate-300 bg-white text-slate-900', 'border-white/60 bg-transparent text-white')).toBe(
      'border-white/60 bg-transparent text-white',
    );
    expect(cn('h-10 w-10', 'h-11 w-11 bg-brand-600')).toBe('h-11 w-11 bg-brand-600');
  });
});

/** Every class-like word in the storefront's sources (the part after its variants: `md:flex` → `flex`). */
function classWordsOfSources(): Set<string> {
  const words = new Set<string>();
  const sources = fs
    .readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of sources)
    for (const literal of fs
      .readFileSync(path.join(SOURCES, file), 'utf8')
      .matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
      for (const word of literal[2]?.split(/\s+/) ?? []) {
        const base = word.split(':').at(-1)?.replace(/^!/, '');
        if (base) words.add(base);
      }
  return words;
}

const SOURCES = path.resolve(import.meta.dirname, '..');

let classesRead: string[] | undefined;
/** The Tailwind classes among those words, the sources read once for both tests. */
function classesOfSources(): string[] {
  // A class of a group is written once when given twice; any other word stays twice.
  classesRead ??= [...classWordsOfSources()].filter((word) => twMerge(`${word} ${word}`) === word);
  return classesRead;
}

describe('the class groups cn knows', () => {
  it('are exactly the groups of the classes the storefront writes', () => {
    const config = getDefaultConfig();
    const classes = classesOfSources();
    const groupsUsed = Object.keys(config.classGroups).filter((group) => {
      const onlyThisGroup = createTailwindMerge(() => ({
        ...config,
        classGroups: { [group]: config.classGroups[group as keyof typeof config.classGroups] },
        conflictingClassGroups: {},
        conflictingClassGroupModifiers: {},
      }));
      return classes.some((word) => onlyThisGroup(`${word} ${word}`) === word);
    });
    expect(classes.length).toBeGreaterThan(300);
    expect([...CLASS_GROUPS_IN_USE].sort()).toEqual(groupsUsed.sort());
  });

  it('merge the storefront’s classes as the whole of tailwind-merge does', () => {
    const classes = classesOfSources();
    for (let i = 0; i < classes.length; i++) {
      const pair = `${classes[i]} ${classes[(i * 7 + 3) % classes.length]}`;
      expect(cn(pair), pair).toBe(twMerge(pair));
    }
  });
});
