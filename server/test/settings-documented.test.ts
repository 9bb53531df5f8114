import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Environment } from '../src/config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SETTINGS = Object.keys(Environment.shape);

describe('every setting is written down where a merchant looks', () => {
  it.each([
    ['the README settings table', 'README.md', (name: string) => new RegExp(`^\\|.*\`${name}\``, 'm')],
    ['.env.example', '.env.example', (name: string) => new RegExp(`^${name}=`, 'm')],
  ])('in %s', (_where, file, pattern) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect(SETTINGS.filter((name) => !pattern(name).test(text))).toEqual([]);
  });
});
