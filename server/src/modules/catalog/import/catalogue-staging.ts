import { randomBytes } from 'node:crypto';
import { productCode } from '@netkart/contract';
import { CompiledQuery, type RawBuilder, SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { orderedIds } from '../../../shared/ids.js';
import { type ProductColumns, type ProductInput, productColumns, withSku } from '../product-row.js';
import { changedFields, type ExistingProduct, FINGERPRINTED, fingerprintOf } from './fingerprint.js';
import { PRODUCT_COLUMNS, TEXT_COLUMNS } from './import-columns.js';

/**
 * The second pass of an import: each checked row compared with the product it updates and, when
 * it creates or changes one, written to a staging table, without taking the shop's write lock
 * (on SQLite a TEMP table lives in its own file; on PostgreSQL an UNLOGGED table). The writing
 * that follows (catalogue-import.ts) is then set-based SQL from this table, held as short as it can.
 * Unchanged rows are only counted.
 */
export class CatalogueStaging {
  readonly counts = { created: 0, updated: 0, unchanged: 0 };
  /** New products' ids, in the file's order (see orderedIds). */
  private readonly newId = orderedIds();
  /** Rows staged, numbered 1… in the file's order (`seq`). */
  staged = 0;

  private constructor(
    private readonly db: Database,
    private readonly storeId: string,
    private readonly now: string,
    /** The table, as SQL. */
    readonly table: RawBuilder<unknown>,
    /** The table, as its name in SQL text (`temp.…` on SQLite). */
    readonly tableName: string,
    private readonly dropSql: RawBuilder<unknown>,
    private readonly sqlite: boolean,
    /** PostgreSQL: the staging table's column types, by name. */
    private readonly types: ReadonlyMap<string, string>,
  ) {}

  static async create(db: Database, storeId: string, now: string): Promise<CatalogueStaging> {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    const name = `catalogue_import_${randomBytes(6).toString('hex')}`;
    // One connection on SQLite (the driver's), so its TEMP table is seen by every query of this import.
    const table = sqlite ? sql.raw(`temp.${name}`) : sql.raw(name);
    const columns = sql.raw(
      [
        'cast(0 as bigint) as seq',
        'id',
        'address_code',
        'cast(0 as integer) as is_new',
        'cast(0 as bigint) as new_position',
        'cast(0 as integer) as text_changed',
        'cast(0 as integer) as attributes_changed',
        "cast('' as text) as changed_fields",
        ...PRODUCT_COLUMNS,
      ].join(', '),
    );
    await sql`create ${sql.raw(sqlite ? 'temp' : 'unlogged')} table ${sql.raw(name)} as
      select ${columns} from products where 1 = 0`.execute(db);
    await sql`create index ${sql.raw(sqlite ? `temp.${name}_seq` : `${name}_seq`)} on ${sql.raw(name)} (seq)`.execute(
      db,
    );
    // PostgreSQL: each column's type, for the arrays of the staging INSERT (see insert).
    const types = new Map<string, string>();
    if (!sqlite) {
      const { rows } = await sql<{
        name: string;
        type: string;
      }>`select attname as name, format_type(atttypid, atttypmod) as type
        from pg_attribute where attrelid = ${name}::regclass and attnum > 0 and not attisdropped`.execute(db);
      for (const row of rows) types.set(row.name, row.type);
    }
    return new CatalogueStaging(
      db,
      storeId,
      now,
      table,
      sqlite ? `temp.${name}` : name,
      sql`drop table if exists ${table}`,
      sqlite,
      types,
    );
  }

  /**
   * Compares a batch of checked rows with the store's products and stages the new and the changed.
   * The rows come as inputs, or with their columns already made (PreparedRows).
   */
  async add(inputs: ProductInput[] | PreparedRows): Promise<void> {
    const all = Array.isArray(inputs) ? inputs.map((input) => productColumns(input, this.now)) : inputs.prepared;
    for (let start = 0; start < all.length; start += STAGE_BATCH) {
      const batch = all.slice(start, start + STAGE_BATCH);
      const existing = await this.existing(batch.map((made) => made.sku.toLowerCase()));
      const rows: StagedRow[] = [];
      for (const made of batch) {
        made.updated_at = this.now;
        const row = existing.get(made.sku.toLowerCase());
        // SKUs match whatever their case: 'nk-lan-001' in a file updates NK-LAN-001, keeping its spelling.
        const columns = row && row.sku !== made.sku ? withSku(made, row.sku) : made;
        if (!row) {
          this.counts.created += 1;
          rows.push(this.stagedRow(this.newId(), { is_new: 1, new_position: this.counts.created }, columns));
        } else if (fingerprintOf(columns) !== fingerprintOf(row)) {
          this.counts.updated += 1;
          rows.push(
            this.stagedRow(
              row.id,
              {
                is_new: 0,
                new_position: 0,
                // Only the columns that changed are written, so a price change does not rebuild the words.
                text_changed: TEXT_COLUMNS.some((column) => columns[column] !== row[column]) ? 1 : 0,
                attributes_changed: columns.attributes_json !== row.attributes_json ? 1 : 0,
                changed_fields: changedFields(row, columns).join(','),
              },
              columns,
            ),
          );
        } else {
          this.counts.unchanged += 1;
        }
      }
      if (rows.length) await this.insert(rows);
    }
  }

  /**
   * PostgreSQL: the staging table's statistics, so the writing's set-based statements look its
   * rows up by index rather than reading the whole catalogue for each part. (SQLite needs none.)
   */
  async analyze(): Promise<void> {
    if (!this.sqlite) await sql`analyze ${this.table}`.execute(this.db);
  }

  /**
   * SQL text: `column` is the id of one of the staged rows that `condition` selects. On PostgreSQL
   * the ids come as one array, so that its planner looks each product up by its key: as a
   * semi-join, on statistics that lag behind an import's growing table, it read the whole products
   * table for each part.
   */
  holds(column: string, condition: string): string {
    const ids = `select id from ${this.tableName} where ${condition}`;
    return this.sqlite ? `${column} in (${ids})` : `${column} = any(array(${ids}))`;
  }

  /**
   * SQL text: the staged rows that `condition` selects, as a subquery of the products they are
   * written as, with the columns the specifications' listing sums group by (see listingSharesOf).
   */
  asProducts(condition: string): string {
    const store = `'${this.storeId.replaceAll("'", "''")}'`;
    return `(select id, ${store} as store_id, category_key, parent_category_key from ${this.tableName} where ${condition})`;
  }

  /** A dry run's list of what would change, in the file's order. */
  async changes(): Promise<ImportChange[]> {
    const changes: ImportChange[] = [];
    for (let from = 0; from < this.staged; from += READ_BATCH) {
      const { rows } = await sql<{ sku: string; is_new: number; changed_fields: string }>`
        select sku, is_new, changed_fields from ${this.table}
        where seq > ${from} and seq <= ${from + READ_BATCH} order by seq`.execute(this.db);
      for (const row of rows) {
        changes.push(
          Number(row.is_new)
            ? { sku: row.sku, change: 'new', fields: [] }
            : { sku: row.sku, change: 'update', fields: row.changed_fields.split(',') },
        );
      }
    }
    return changes;
  }

  async drop(): Promise<void> {
    await this.dropSql.execute(this.db);
  }

  private stagedRow(id: string, flags: Partial<Omit<StagingFields, 'seq' | 'id'>>, columns: ProductColumns): StagedRow {
    this.staged += 1;
    return {
      staging: {
        seq: this.staged,
        id,
        address_code: productCode(id),
        is_new: flags.is_new ?? 0,
        new_position: flags.new_position ?? 0,
        text_changed: flags.text_changed ?? 0,
        attributes_changed: flags.attributes_changed ?? 0,
        changed_fields: flags.changed_fields ?? '',
      },
      columns,
    };
  }

  /** The store's products with these lower-cased SKUs, by them (an index of lower(sku) finds each). */
  private async existing(keys: string[]): Promise<Map<string, ExistingProduct>> {
    let query = this.db
      .selectFrom('products')
      .select(['id', 'store_id', ...FINGERPRINTED, 'search_title', 'search_kind', 'search_specs'])
      .where((eb) => eb(eb.fn('lower', ['sku']), 'in', keys));
    // PostgreSQL's index is (store_id, lower(sku)). SQLite's is lower(sku) alone, and given the store
    // too its planner read 500 SKUs in 900 ms instead of 13 ms at a million products: the store is checked here.
    if (!this.sqlite) query = query.where('store_id', '=', this.storeId);
    const rows = await query.execute();
    return new Map(rows.filter((row) => row.store_id === this.storeId).map((row) => [row.sku.toLowerCase(), row]));
  }

  /**
   * SQLite: one multi-row INSERT, its SQL text made once for each number of rows (the driver keeps
   * the statement it prepared for that text): building the query anew for each batch, value by
   * value, took longer than SQLite took to run it. PostgreSQL: one array a column, read by unnest
   * (a statement of 18,500 parameters, or the rows as JSON, took most of the staging's time).
   */
  private async insert(rows: StagedRow[]): Promise<void> {
    if (!this.sqlite) {
      const arrays = STAGED_COLUMNS.map((column) =>
        rows.map(({ staging, columns }) =>
          column in staging ? staging[column as keyof StagingFields] : columns[column as keyof ProductColumns],
        ),
      );
      const unnest = STAGED_COLUMNS.map((column, index) => `$${index + 1}::${this.types.get(column) ?? 'text'}[]`);
      const text = `insert into ${this.tableName} (${STAGED_COLUMNS.join(', ')})
        select * from unnest(${unnest.join(', ')})`;
      await this.db.executeQuery(CompiledQuery.raw(text, arrays));
      return;
    }
    let text = this.insertText.get(rows.length);
    if (!text) {
      const values = rows.map(() => `(${STAGED_COLUMNS.map(() => '?').join(', ')})`).join(', ');
      text = `insert into ${this.tableName} (${STAGED_COLUMNS.join(', ')}) values ${values}`;
      this.insertText.set(rows.length, text);
    }
    const parameters: unknown[] = new Array(rows.length * STAGED_COLUMNS.length);
    let at = 0;
    for (const { staging, columns } of rows) {
      for (const field of STAGING_FIELDS) parameters[at++] = staging[field];
      for (const column of PRODUCT_COLUMNS) parameters[at++] = columns[column];
    }
    await this.db.executeQuery(CompiledQuery.raw(text, parameters));
  }

  private readonly insertText = new Map<number, string>();
}

/** Rows whose columns were made already (productColumns, by the worker that read the file): staged as they are, with the import's time. */
export interface PreparedRows {
  prepared: ProductColumns[];
}

/** A row of the staging table: how it is staged, and the product's columns (two objects: see productColumns). */
interface StagedRow {
  staging: StagingFields;
  columns: ProductColumns;
}

interface StagingFields {
  seq: number;
  id: string;
  /** The code of the product's readable address, from its id. */
  address_code: string;
  is_new: number;
  /** A new product's place among the new ones (1…): its position follows the catalogue's last. */
  new_position: number;
  text_changed: number;
  attributes_changed: number;
  /** An update's changed fields, as the file names them (for a dry run). */
  changed_fields: string;
}

export interface ImportChange {
  sku: string;
  change: 'new' | 'update';
  fields: string[];
}

/** The staging table's columns, in the order its INSERT gives them. */
const STAGING_FIELDS = [
  'seq',
  'id',
  'address_code',
  'is_new',
  'new_position',
  'text_changed',
  'attributes_changed',
  'changed_fields',
] as const satisfies readonly (keyof StagingFields)[];
const STAGED_COLUMNS = [...STAGING_FIELDS, ...PRODUCT_COLUMNS];

/** Rows per INSERT into the staging table: 41 columns each stays below SQLite's 32,766 parameters. */
const STAGE_BATCH = 500;
const READ_BATCH = 5000;
