import fs from 'node:fs';

/**
 * The run's database folder goes with the run when the run made it (playwright.config.ts): nothing is
 * left behind. A folder given in E2E_DATA_DIR is the caller's and stays.
 */
export default function removeRunFolder(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && process.env.E2E_DATA_DIR_MADE === 'yes') fs.rmSync(dataDir, { recursive: true, force: true });
}
