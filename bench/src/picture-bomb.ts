/**
 * What a picture bomb costs the shop: a small PNG of 16000×16000 pixels (a few hundred KB that
 * unpacks to 768 MB), and for comparison an ordinary 24-megapixel photo, each handed to the
 * upload path (`storePicture`, what POST /admin/pictures calls) in a fresh process of its own, so
 * its peak memory (maxRSS) is its own; and the largest picture the limit lets through (39.9 MP). Prints the time, the peak RSS and the outcome of each.
 *
 *   npm run picture-bomb --workspace bench
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { REPOSITORY } from './shop-process.js';

const CASES = {
  'bomb 16000×16000 PNG': { width: 16000, height: 16000, format: 'png' },
  'photo 6000×4000 JPEG': { width: 6000, height: 4000, format: 'jpeg' },
  'largest allowed 6320×6320 PNG': { width: 6320, height: 6320, format: 'png' },
} as const;

interface Outcome {
  ms: number;
  peakRssMb: number;
  baseRssMb: number;
  answer: string;
}

async function measureOne(file: string): Promise<void> {
  const { storePicture } = await import(path.join(REPOSITORY, 'server/src/modules/admin/pictures.ts'));
  const bytes = fs.readFileSync(file);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bomb-'));
  const baseRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  const start = performance.now();
  let answer: string;
  try {
    const picture = await storePicture(bytes, mediaDir);
    answer = `accepted ${picture.width}×${picture.height}`;
  } catch (error) {
    const { statusCode, message } = error as { statusCode?: number; message: string };
    answer = `${statusCode ?? 'error'} ${message}`;
  }
  const ms = Math.round(performance.now() - start);
  fs.rmSync(mediaDir, { recursive: true, force: true });
  // maxRSS is in kilobytes on Linux.
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify({ ms, peakRssMb, baseRssMb, answer } satisfies Outcome));
}

/** Draws a picture once, with enough detail in the photo that it is not all one colour. */
async function picture(name: string, spec: (typeof CASES)[keyof typeof CASES]): Promise<string> {
  const file = path.join(os.tmpdir(), `bench-${spec.width}x${spec.height}.${spec.format}`);
  if (fs.existsSync(file)) return file;
  const blank = sharp({
    create: { width: spec.width, height: spec.height, channels: 3, background: '#ffffff' },
    limitInputPixels: false,
  });
  if (spec.format === 'png') await blank.png({ compressionLevel: 9 }).toFile(file);
  else await blank.jpeg({ quality: 85 }).toFile(file);
  console.error(`made ${name}: ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
  return file;
}

if (process.argv[2] === '--one') {
  await measureOne(process.argv[3] as string);
} else {
  console.log('| picture | file | answer | time | peak RSS (process at rest) |');
  console.log('|---|---|---|---|---|');
  for (const [name, spec] of Object.entries(CASES)) {
    const file = await picture(name, spec);
    const output = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--one', file], {
      encoding: 'utf8',
    });
    const outcome = JSON.parse(output) as Outcome;
    const size = `${(fs.statSync(file).size / 1024).toFixed(0)} KB`;
    console.log(
      `| ${name} | ${size} | ${outcome.answer} | ${(outcome.ms / 1000).toFixed(2)} s | ${outcome.peakRssMb} MB (${outcome.baseRssMb} MB) |`,
    );
  }
}
