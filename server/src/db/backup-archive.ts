import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { BackupError, type BackupSummary, checkBackup } from './backup.js';
import { dumpShop } from './dump.js';
import type { Database } from './schema.js';

/**
 * One file that brings a whole shop back: a gzipped tar holding `backup.json` (what is inside),
 * the database (the embedded file copied by SQLite's backup API, or on PostgreSQL a `store dump`
 * file), `media/`, the merchant's picture folder (MEDIA_DIR), and `labels/`, the courier labels
 * kept with booked orders (DATA_DIR/labels). Picture copies in other sizes are left out: the shop
 * makes them again on demand.
 */
const MANIFEST = 'backup.json';
const ARCHIVE_FORMAT = 'store-backup';
const EMBEDDED = 'store.sqlite';
const DUMP = 'shop.jsonl';
const MEDIA = 'media';
const LABELS = 'labels';

interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  database: typeof EMBEDDED | typeof DUMP;
  pictures: number;
  /** Courier labels (absent from archives written before they were kept). */
  labels?: number;
  takenAt: string;
}

export interface ArchiveSummary extends BackupSummary {
  pictures: number;
  labels: number;
}

/** The first bytes of every SQLite database file: a backup taken before pictures were included. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0');

export function isBareDatabase(file: string): boolean {
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, head, 0, head.length, 0);
  } finally {
    fs.closeSync(handle);
  }
  return head.equals(SQLITE_HEADER);
}

/** Whether a picture folder holds any file (an empty or missing one can be restored into freely). */
export function holdsFiles(dir: string): boolean {
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());
}

/**
 * Links (or, across file systems, copies) every picture under `from` into `to`, so the archive
 * is packed from one folder without copying the pictures' bytes on the same disk. A picture
 * being written (`.part`) is not one yet.
 */
function gatherPictures(from: string, to: string): number {
  let count = 0;
  if (!fs.existsSync(from)) return count;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const source = path.join(entry.parentPath, entry.name);
    const copy = path.join(to, path.relative(from, source));
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    try {
      fs.linkSync(source, copy);
    } catch {
      fs.copyFileSync(source, copy);
    }
    count += 1;
  }
  return count;
}

/** Writes the archive; it appears under its name only once whole. */
export async function writeBackupArchive(options: {
  destination: string;
  mediaDir: string | undefined;
  /** The courier labels' folder (DATA_DIR/labels), when the shop keeps one. */
  labelsDir?: string | undefined;
  /** The embedded database's handle, or (PostgreSQL) the shop's database to dump. */
  source: { sqlite: SQLite.Database } | { db: Database };
}): Promise<ArchiveSummary> {
  const { destination } = options;
  if (fs.existsSync(destination)) throw new BackupError(`${destination} exists already: give a new file name.`);
  const folder = path.dirname(destination);
  if (!fs.existsSync(folder)) {
    throw new BackupError(`The folder ${folder} does not exist: create it first (mkdir -p ${folder}).`);
  }
  const staging = fs.mkdtempSync(path.join(folder, '.backup-'));
  const partial = `${destination}.partial`;
  try {
    let summary: BackupSummary;
    let database: Manifest['database'];
    if ('sqlite' in options.source) {
      database = EMBEDDED;
      await options.source.sqlite.backup(path.join(staging, EMBEDDED));
      summary = checkBackup(path.join(staging, EMBEDDED));
    } else {
      database = DUMP;
      const counts = await dumpShop(options.source.db, path.join(staging, DUMP));
      summary = { stores: counts.stores, orders: counts.orders, products: counts.products };
    }
    const pictures = options.mediaDir ? gatherPictures(options.mediaDir, path.join(staging, MEDIA)) : 0;
    fs.mkdirSync(path.join(staging, MEDIA), { recursive: true });
    // The labels are PDFs like the pictures are files: gathered the same way.
    const labels = options.labelsDir ? gatherPictures(options.labelsDir, path.join(staging, LABELS)) : 0;
    fs.mkdirSync(path.join(staging, LABELS), { recursive: true });
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      database,
      pictures,
      labels,
      takenAt: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, database, MEDIA, LABELS]);
    fs.renameSync(partial, destination);
    return { ...summary, pictures, labels };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot write ${destination}: ${(error as Error).message}`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** An archive unpacked beside where it is going, checked; `discard` removes what is left of it. */
export interface OpenedArchive {
  /** The embedded database file, or the dump file to load. */
  database: { kind: 'sqlite' | 'dump'; file: string };
  picturesDir: string;
  pictures: number;
  /** The courier labels unpacked (an empty folder for an archive written before labels were kept). */
  labelsDir: string;
  labels: number;
  discard(): void;
}

export async function openBackupArchive(archive: string, unpackNear: string): Promise<OpenedArchive> {
  if (!fs.existsSync(archive)) throw new BackupError(`${archive}: no such file.`);
  fs.mkdirSync(unpackNear, { recursive: true });
  const staging = fs.mkdtempSync(path.join(unpackNear, '.restore-'));
  const discard = () => fs.rmSync(staging, { recursive: true, force: true });
  try {
    // tar refuses absolute paths and `..` in entries, so nothing lands outside the staging folder.
    await tar.extract({ file: archive, cwd: staging, strict: true });
    const manifest = readManifest(path.join(staging, MANIFEST), archive);
    const file = path.join(staging, manifest.database);
    if (!fs.existsSync(file)) throw new BackupError(`${archive} is cut short: it has no ${manifest.database}.`);
    if (manifest.database === EMBEDDED) checkBackup(file);
    const picturesDir = path.join(staging, MEDIA);
    fs.mkdirSync(picturesDir, { recursive: true });
    const labelsDir = path.join(staging, LABELS);
    fs.mkdirSync(labelsDir, { recursive: true });
    return {
      database: { kind: manifest.database === EMBEDDED ? 'sqlite' : 'dump', file },
      picturesDir,
      pictures: manifest.pictures,
      labelsDir,
      labels: manifest.labels ?? 0,
      discard,
    };
  } catch (error) {
    discard();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${archive} is not a usable backup: ${(error as Error).message}.`);
  }
}

function readManifest(file: string, archive: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${archive} is not a backup of this shop (it has no ${MANIFEST}).`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || (manifest.database !== EMBEDDED && manifest.database !== DUMP)) {
    throw new BackupError(`${archive} is not a backup of this shop (its ${MANIFEST} is not one the shop writes).`);
  }
  return manifest as Manifest;
}

/**
 * Puts the archive's pictures in place of the picture folder. Pictures already there are kept
 * beside it (never deleted); the caller has checked `force` for that.
 */
export function restorePictures(from: string, mediaDir: string, now = new Date()): { keptAs?: string } {
  let keptAs: string | undefined;
  if (holdsFiles(mediaDir)) {
    keptAs = `${mediaDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(mediaDir, keptAs);
  } else {
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
  fs.mkdirSync(path.dirname(mediaDir), { recursive: true });
  try {
    fs.renameSync(from, mediaDir);
  } catch {
    // Another file system: copied instead of moved.
    fs.cpSync(from, mediaDir, { recursive: true });
  }
  return keptAs ? { keptAs } : {};
}
