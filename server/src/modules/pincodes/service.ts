import { PINCODE_PATTERN } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { currentState, stateOfCode } from './corrections.js';
import { DIRECTORY_FILE_VERSION, type ListedPincode, readDirectoryFile } from './directory-file.js';

/** A PIN as the shop knows it: its district, and its state and GST state code as they are today. */
export interface KnownPincode {
  pincode: string;
  district: string;
  state: string;
  stateCode: string;
}

export interface PincodeImportResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Rows refused, by their line in the file (the header is line 1); nothing is written when any is. */
  refused: { line: number; reason: string }[];
}

type Row = { pincode: string; district: string; state_code: string };

const BATCH = 500;

/** India's PIN directory: one for the whole server, owned by this module. */
export class PincodeService {
  constructor(private readonly db: Database) {}

  /** `db`: the caller's transaction, when it holds one (SQLite's one connection would wait on itself). */
  async lookup(pincode: string, db: Database = this.db): Promise<KnownPincode | undefined> {
    const row = await db
      .selectFrom('pincodes')
      .select(['pincode', 'district', 'state_code'])
      .where('pincode', '=', pincode)
      .executeTakeFirst();
    const state = row && stateOfCode(row.state_code);
    return row && state
      ? { pincode: row.pincode, district: row.district, state: state.name, stateCode: state.code }
      : undefined;
  }

  /**
   * Loads the shop's own PIN file when the directory is empty or was loaded from an older file;
   * PINs a merchant imported stay as they imported them. Returns how many PINs were written.
   */
  async ensureLoaded(now = new Date()): Promise<number> {
    const loaded = await this.db
      .selectFrom('pincode_directory')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    if (loaded && loaded.version >= DIRECTORY_FILE_VERSION) return 0;
    const rows = readDirectoryFile().flatMap((listed) => {
      const row = corrected(listed);
      return typeof row === 'string' ? [] : [row];
    });
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += BATCH) {
        await trx
          .insertInto('pincodes')
          .values(rows.slice(start, start + BATCH).map((row) => ({ ...row, source: 'directory' })))
          .onConflict((conflict) =>
            conflict
              .column('pincode')
              .doUpdateSet((eb) => ({
                district: eb.ref('excluded.district'),
                state_code: eb.ref('excluded.state_code'),
              }))
              .where('pincodes.source', '=', 'directory'),
          )
          .execute();
      }
      const mark = { version: DIRECTORY_FILE_VERSION, loaded_at: now.toISOString() };
      await trx
        .insertInto('pincode_directory')
        .values({ id: 1, ...mark })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(mark))
        .execute();
    });
    return rows.length;
  }

  /**
   * A merchant's own rows (`store pincodes import`): each PIN added or replaced, its state corrected
   * to today's like the shop's own file. Every row is checked first; with any refused, nothing is written.
   */
  async importRows(listed: ListedPincode[]): Promise<PincodeImportResult> {
    const result: PincodeImportResult = { added: 0, updated: 0, unchanged: 0, refused: [] };
    const rows = new Map<string, Row>();
    listed.forEach((entry, index) => {
      const row = corrected(entry);
      if (typeof row === 'string') result.refused.push({ line: index + 2, reason: row });
      else rows.set(row.pincode, row);
    });
    if (result.refused.length > 0) return result;
    await this.db.transaction().execute(async (trx) => {
      const all = [...rows.values()];
      for (let start = 0; start < all.length; start += BATCH) {
        const batch = all.slice(start, start + BATCH);
        const before = new Map(
          (
            await trx
              .selectFrom('pincodes')
              .select(['pincode', 'district', 'state_code'])
              .where(
                'pincode',
                'in',
                batch.map((row) => row.pincode),
              )
              .execute()
          ).map((row) => [row.pincode, row]),
        );
        for (const row of batch) {
          const old = before.get(row.pincode);
          if (!old) result.added++;
          else if (old.district === row.district && old.state_code === row.state_code) result.unchanged++;
          else result.updated++;
        }
        await trx
          .insertInto('pincodes')
          .values(batch.map((row) => ({ ...row, source: 'import' })))
          .onConflict((conflict) =>
            conflict.column('pincode').doUpdateSet((eb) => ({
              district: eb.ref('excluded.district'),
              state_code: eb.ref('excluded.state_code'),
              source: eb.ref('excluded.source'),
            })),
          )
          .execute();
      }
    });
    return result;
  }
}

/** A listed row checked and brought up to today's state; a string says why it cannot be. */
function corrected(listed: ListedPincode): Row | string {
  const pincode = String(listed.pincode ?? '').trim();
  const district = String(listed.district ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  const stateText = String(listed.state ?? '').trim();
  if (!PINCODE_PATTERN.test(pincode)) return `"${pincode}" is not a PIN code: 6 digits, not starting with 0.`;
  if (!district) return `PIN ${pincode} has no district.`;
  if (district.length > 100) return `PIN ${pincode}: the district is over 100 characters.`;
  const state = currentState(stateText, district);
  if (!state) return `PIN ${pincode}: "${stateText}" is not a state or union territory of India.`;
  return { pincode, district, state_code: state.code };
}
