import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * PostgreSQL as Kysely speaks it, except that looking at the database's tables (which the migrator
 * does to find its own) reads only the schema in use. Kysely's own introspection reads every table
 * of every schema, one function call per column, and fails with "relation … does not exist" when
 * another connection drops a table of another schema meanwhile (another shop's import finishing,
 * another test's database going): a migration must not depend on what its neighbours are doing.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    /** The schema in use; without one, the connection's `current_schema()`. */
    private readonly schema?: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.schema);
  }
}

/** The schema's own tables and views, by name (their columns are not read: nothing here needs them). */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string | undefined,
  ) {}

  private get schemaName() {
    return this.schema === undefined ? sql`current_schema()` : sql`${this.schema}`;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace
      where nspname = ${this.schemaName}`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type from information_schema.tables
      where table_schema = ${this.schemaName}`.execute(this.db);
    return rows.map(({ name, schema, type }) => ({ name, schema, isView: type === 'VIEW', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
