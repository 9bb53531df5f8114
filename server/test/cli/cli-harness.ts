import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { MEDIA_DIR } from '../../src/app.js';
import { run } from '../../src/cli/main.js';
import { startShop, type TestShop } from '../harness.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The `store` command on a test shop's database, run in this process: what the merchant would see. */
export function storeCommand(shop: TestShop, cwd: string, answers: string[] = [], options: { input?: string } = {}) {
  return async (...argv: string[]): Promise<CliResult> => {
    let stdout = '';
    let stderr = '';
    const code = await run(argv, {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      cwd,
      // The test shop owns the database; the command must not close it.
      connect: async () => ({
        db: shop.db,
        services: shop.services,
        ...(shop.sqlite ? { sqlite: shop.sqlite } : {}),
        close: async () => {},
      }),
      database: () => (shop.file ? { file: shop.file } : {}),
      // The demo pictures, and the scratch folder as the merchant's own MEDIA_DIR.
      mediaDirs: () => [MEDIA_DIR, path.join(cwd, 'media')],
      mediaDir: () => path.join(cwd, 'media'),
      // A merchant at a terminal, answering each question with the next of these in turn.
      ...(answers.length
        ? {
            ask: async (question: string) => {
              stdout += question;
              const answer = answers.shift();
              if (answer === undefined) throw new Error(`no answer left for: ${question}`);
              return answer;
            },
            // A secret is typed the same way, and not shown.
            askSecret: async (question: string) => {
              stdout += `${question}\n`;
              const answer = answers.shift();
              if (answer === undefined) throw new Error(`no answer left for: ${question}`);
              return answer;
            },
          }
        : {}),
      // A script piping text in on standard input.
      ...(options.input === undefined ? {} : { readInput: async () => options.input ?? '' }),
    });
    return { code, stdout, stderr };
  };
}

/** A scratch folder for the files a test hands to the command. */
export interface ScratchFolder {
  dir: string;
  write(name: string, content: string | Buffer): string;
  remove(): void;
}

export function scratchFolder(): ScratchFolder {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-cli-'));
  return {
    dir,
    write(name, content) {
      const file = path.join(dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      return file;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The repository's own sample files, as the README points merchants to them. */
export const SAMPLES_DIR = path.resolve(import.meta.dirname, '../../../samples');

/** A test shop with the `store` command on it and a scratch folder, for the test file that calls this. */
export function useCliShop() {
  const cli = {} as { shop: TestShop; store: (...argv: string[]) => Promise<CliResult>; files: ScratchFolder };
  beforeAll(async () => {
    cli.shop = await startShop();
    cli.files = scratchFolder();
    cli.store = storeCommand(cli.shop, cli.files.dir);
  });
  afterAll(async () => {
    cli.files.remove();
    await cli.shop.close();
  });
  return cli;
}
