/**
 * What a picture bomb costs the shop: a small PNG of 16000×16000 pixels (a few hundred KB that
 * unpacks to 768 MB), and for comparison an ordinary 24-megapixel photo, each handed to the
 * upload path (`storePicture`, what POST /admin/pictures calls) in a fresh process of its own, so
 * its peak memory (maxRSS) is its own; then the costliest pictures the 40-megapixel limit lets
 * through (6320×6320: 8-bit RGB and 16-bit RGBA PNG, RGBA WebP and AVIF), once and four at once
 * (uploads in parallel, as several back-office tabs could send them). Prints the time, the peak
 * RSS and the outcome of each. Last, the AVIF again under an address-space limit (`prlimit --as`),
 * the cap a child process could be given: what each limit lets through, and what it refuses.
 *
 *   npm run picture-bomb --workspace bench
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { REPOSITORY } from './shop-process.js';

interface Case {
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp' | 'avif';
  /** RGBA at 16 bits a channel: the most bytes a pixel can unpack to. */
  deep?: boolean;
  /** Uploads handed over at once. */
  atOnce?: number;
}

const LARGEST = { width: 6320, height: 6320 } as const;
const CASES: Record<string, Case> = {
  'bomb 16000×16000 PNG': { width: 16000, height: 16000, format: 'png' },
  'photo 6000×4000 JPEG': { width: 6000, height: 4000, format: 'jpeg' },
  'largest allowed 6320×6320 PNG': { ...LARGEST, format: 'png' },
  'largest allowed, 16-bit RGBA PNG': { ...LARGEST, format: 'png', deep: true },
  'largest allowed, 16-bit RGBA PNG, 4 at once': { ...LARGEST, format: 'png', deep: true, atOnce: 4 },
  'largest allowed, RGBA WebP': { ...LARGEST, format: 'webp', deep: true },
  'largest allowed, RGBA AVIF': { ...LARGEST, format: 'avif', deep: true },
  'largest allowed, RGBA AVIF, 4 at once': { ...LARGEST, format: 'avif', deep: true, atOnce: 4 },
};

/** The upload check's decode, as a child process runs it on its own. */
const DECODE = `
import fs from 'node:fs';
import sharp from 'sharp';
const options = { failOn: 'truncated', limitInputPixels: 40_000_000, sequentialRead: true };
let answer = 'accepted';
try { await sharp(fs.readFileSync(process.argv[1]), options).resize({ width: 8 }).raw().toBuffer(); }
catch (error) { answer = 'refused: ' + String(error.message).split('\\n')[0]; }
console.log(answer + ' | ' + Math.round(process.resourceUsage().maxRSS / 1024) + ' MB');
`;

interface Outcome {
  ms: number;
  peakRssMb: number;
  baseRssMb: number;
  answer: string;
}

async function measureOne(file: string, atOnce: number): Promise<void> {
  const { storePicture } = await import(path.join(REPOSITORY, 'server/src/modules/admin/pictures.ts'));
  const bytes = fs.readFileSync(file);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bomb-'));
  const baseRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  const start = performance.now();
  const one = async (): Promise<string> => {
    try {
      const picture = await storePicture(bytes, mediaDir);
      return `accepted ${picture.width}×${picture.height}`;
    } catch (error) {
      const { statusCode, message } = error as { statusCode?: number; message: string };
      return `${statusCode ?? 'error'} ${message}`;
    }
  };
  const answers = await Promise.all(Array.from({ length: atOnce }, one));
  const answer = [...new Set(answers)].map((each) => (atOnce > 1 ? `${atOnce}× ${each}` : each)).join('; ');
  const ms = Math.round(performance.now() - start);
  fs.rmSync(mediaDir, { recursive: true, force: true });
  // maxRSS is in kilobytes on Linux.
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify({ ms, peakRssMb, baseRssMb, answer } satisfies Outcome));
}

/** Draws a picture once, of one colour: it compresses to almost nothing, as a bomb's does. */
async function picture(name: string, spec: Case): Promise<string> {
  const depth = spec.deep ? '-rgba' : '';
  const file = path.join(os.tmpdir(), `bench-${spec.width}x${spec.height}${depth}.${spec.format}`);
  if (fs.existsSync(file)) return file;
  const blank = spec.deep
    ? sharp({
        create: {
          width: spec.width,
          height: spec.height,
          channels: 4,
          background: { r: 200, g: 100, b: 50, alpha: 0.5 },
        },
        limitInputPixels: false,
      })
    : sharp({
        create: { width: spec.width, height: spec.height, channels: 3, background: '#ffffff' },
        limitInputPixels: false,
      });
  if (spec.format === 'png') {
    await (spec.deep ? blank.toColourspace('rgb16') : blank).png({ compressionLevel: 9 }).toFile(file);
  } else if (spec.format === 'webp') await blank.webp({ effort: 0 }).toFile(file);
  else if (spec.format === 'avif') await blank.avif({ effort: 0 }).toFile(file);
  else await blank.jpeg({ quality: 85 }).toFile(file);
  console.error(`made ${name}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
  return file;
}

if (process.argv[2] === '--one') {
  await measureOne(process.argv[3] as string, Number(process.argv[4] ?? 1));
} else {
  console.log('| picture | file | answer | time | peak RSS (process at rest) |');
  console.log('|---|---|---|---|---|');
  for (const [name, spec] of Object.entries(CASES)) {
    const file = await picture(name, spec);
    const argv = ['--import', 'tsx', import.meta.filename, '--one', file, String(spec.atOnce ?? 1)];
    const output = execFileSync(process.execPath, argv, { encoding: 'utf8' });
    const outcome = JSON.parse(output) as Outcome;
    const size = `${(fs.statSync(file).size / 1024).toFixed(1)} KB`;
    console.log(
      `| ${name} | ${size} | ${outcome.answer} | ${(outcome.ms / 1000).toFixed(2)} s | ${outcome.peakRssMb} MB (${outcome.baseRssMb} MB) |`,
    );
  }
  // The child is plain Node with sharp (no TypeScript loader: its WebAssembly alone reserves more
  // address space than these limits), decoding as the upload check does.
  const avif = await picture('avif', { ...LARGEST, format: 'avif', deep: true });
  console.log('\n| AVIF under `prlimit --as` | answer | peak RSS |\n|---|---|---|');
  for (const gigabytes of [1.2, 1.6, 2, 2.5, 3]) {
    const argv = [`--as=${Math.round(gigabytes * 1e9)}`, process.execPath, '--input-type=module', '-e', DECODE, avif];
    const child = spawnSync('prlimit', argv, { encoding: 'utf8' });
    const said =
      child.stdout.trim() ||
      child.stderr
        .trim()
        .split('\n')
        .find((line) => line.trim()) ||
      '';
    console.log(`| ${gigabytes} GB | exit ${child.status ?? child.signal}: ${said.slice(0, 100)} |`);
  }
}
