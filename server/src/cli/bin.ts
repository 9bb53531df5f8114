import { runInProcess } from './main.js';

// The compiled `store` command's entry: bin/store.js runs it where the TypeScript loader is not installed.
process.exitCode = await runInProcess();
