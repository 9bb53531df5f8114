#!/usr/bin/env node
// The rooms checker (`npm run check` runs it): every import of the server's and the storefront's
// sources judged by the file it resolves to, every module by the tables it names, and the rooms'
// graph for cycles. The rules live in scripts/rooms/rooms.mjs; the table owners, the base features
// and the exceptions still being worked off in scripts/rooms.json.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkRooms, describe } from './rooms/check.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = JSON.parse(readFileSync(new URL('rooms.json', import.meta.url), 'utf8'));
const { problems, known, stale, files } = checkRooms(root, config);

if (known.length > 0) {
  console.log(`Rooms: ${known.length} known exceptions still to work off (scripts/rooms.json):`);
  for (const problem of known) console.log(`  ${problem.key} (${problem.rule})`);
}
for (const key of stale) {
  console.error(`scripts/rooms.json lists "${key}" as a known exception, but it no longer happens: remove it.`);
}
for (const problem of problems) console.error(describe(problem));
if (problems.length > 0 || stale.length > 0) process.exit(1);
console.log(`Rooms: ${files} files checked, nothing new breaks the rooms.`);
