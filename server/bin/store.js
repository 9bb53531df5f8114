#!/usr/bin/env node
// The merchant's `store` command (src/cli/main.ts): from the TypeScript sources where the development
// tools are installed, else from the compiled dist/cli.js that `npm run build` made.
const loader = await import('tsx/esm/api').catch(() => undefined);
if (loader) {
  loader.register();
  const { runInProcess } = await import('../src/cli/main.ts');
  process.exitCode = await runInProcess();
} else {
  await import('../dist/cli.js');
}
