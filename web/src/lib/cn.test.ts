import { describe, expect, it } from 'vitest';
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
