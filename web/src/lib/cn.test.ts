// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findOverriddenClasses } from './class-overrides';
import { cn } from './cn';

describe('cn', () => {
  it('joins class names, skipping falsy ones', () => {
    expect(cn('px-4', false, null, undefined, 'py-2')).toBe('px-4 py-2');
  });

  it('keeps a component class and the utilities that restyle it', () => {
    expect(cn('btn btn-outline btn-md', 'border-white/60 bg-transparent text-white')).toBe(
      'btn btn-outline btn-md border-white/60 bg-transparent text-white',
    );
  });

  it('refuses, in development, two utilities that set the same thing', () => {
    expect(() => cn('h-10 w-10', 'h-11 bg-brand-600')).toThrow(/h-10/);
    expect(() => cn('hidden', 'md:block')).not.toThrow();
  });
});

describe('findOverriddenClasses', () => {
  it('names the earlier of two classes that set the same thing, and no other', () => {
    expect(findOverriddenClasses('block w-full text-base sm:text-sm w-20 text-sm')).toEqual(['w-full', 'text-base']);
    expect(findOverriddenClasses('h-11 px-4 h-11')).toEqual([]);
    expect(findOverriddenClasses('skeleton rounded-2xl')).toEqual([]);
  });
});
