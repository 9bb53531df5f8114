#!/usr/bin/env node
// The merchant's `store` command (see src/cli/main.ts), run from the TypeScript sources.
import { register } from 'tsx/esm/api';

register();
const { runInProcess } = await import('../src/cli/main.ts');
process.exitCode = await runInProcess();
