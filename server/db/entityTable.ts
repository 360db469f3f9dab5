import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, type IndexBuilder, type PgColumn, type PgColumnBuilderBase, type PgTable } from 'drizzle-orm/pg-core';
import type { Field } from '../../schema/fields';
import type { Entity } from '../../schema/entity';
import { blankText, createdAt, identityId } from './columns';

/** A field's foreign key: the referenced table's id column, and what deleting that record does. */
export type ForeignKeys = Record<string, { column: () => PgColumn; onDelete: 'restrict' | 'cascade' }>;

function columnFor(name: string, field: Field): PgColumnBuilderBase {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'enum':
    case 'richText':
      return blankText(name);
    case 'reference': {
      if (field.many) return integer(name).array().notNull().default(sql`'{}'::integer[]`);
      return field.required ? integer(name).notNull() : integer(name);
    }
    case 'file':
      return field.many ? text(name).array().notNull().default(sql`'{}'::text[]`) : blankText(name);
    case 'datetime':
      return field.required ? bigint(name, { mode: 'number' }).notNull() : bigint(name, { mode: 'number' });
    case 'integer':
      return field.nullable ? integer(name) : integer(name).notNull().default(0);
    case 'money':
      return numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);
    case 'boolean':
      return boolean(name).notNull().default(false);
  }
}

/** Every table declared from a resource, with the declaration: how the fields of a kind are found in all of them (the files records name). */
export const entityTables: { entity: Entity; table: PgTable }[] = [];

/**
 * The table of a resource, derived from its declaration in schema/: a column per field, plus
 * `extra` columns a resource keeps for itself (a sibling order). `foreignKeys` ties reference
 * fields to the tables they point at.
 */
export function entityTable(
  entity: Entity,
  options: { foreignKeys?: ForeignKeys; extra?: Record<string, PgColumnBuilderBase>; indexes?: (column: (name: string) => PgColumn) => IndexBuilder[] } = {},
) {
  const columns: Record<string, PgColumnBuilderBase> = {
    [entity.idKey]: identityId(entity.idKey),
  };
  for (const name of entity.names) {
    const column = columnFor(name, entity.fields[name]);
    const foreignKey = options.foreignKeys?.[name];
    columns[name] = foreignKey ? (column as ReturnType<typeof integer>).references(foreignKey.column, { onDelete: foreignKey.onDelete }) : column;
  }
  if (entity.keyword.length > 0) columns[SEARCH_COLUMN] = searchColumn(searchText(sql.identifier, entity.keyword));
  Object.assign(columns, options.extra);
  columns.created_at = createdAt('created_at');
  columns.updated_at = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
  const sortedNames = entity.names.filter((name) => entity.fields[name].sortable && !entity.fields[name].unique);
  const table = pgTable(entity.table, columns, (table) => {
    const column = (name: string) => (table as unknown as Record<string, PgColumn>)[name];
    return [
      ...entity.uniqueNames.map((name) => uniqueIndex(uniqueConstraintName(entity, name)).on(column(name))),
      // With the id, the list's own order (see entityStore): a page's ids, however deep, come from the index alone.
      ...sortedNames.map((name) => index(`${entity.table}_${name}_idx`).on(column(name), column(entity.idKey))),
      // The keyword search is one `like '%word%'` over the searched fields joined (`searchColumn`):
      // one trigram index on it answers it, where an OR over per-field indexes scans twice.
      ...(entity.keyword.length > 0 ? [searchIndex(entity.table, column(SEARCH_COLUMN))] : []),
      ...entity.names
        .filter((name) => entity.fields[name].kind === 'reference' && !(entity.fields[name] as { many?: boolean }).many)
        .map((name) => index(`${entity.table}_${name}_idx`).on(column(name), column(entity.idKey))),
      ...(options.indexes?.(column) ?? []),
    ];
  });
  entityTables.push({ entity, table });
  return table;
}

/** Named so a duplicate (23505) can be reported against the field that caused it. */
export const uniqueConstraintName = (entity: Entity, field: string) => `${entity.table}_${field}_unique`;

/**
 * The searched fields as one text, in a form PostgreSQL can index (`||` on text is immutable,
 * concat_ws is not). A line feed separates them: the search box cannot send one.
 */
export function searchText(column: (name: string) => SQLWrapper, names: readonly string[]) {
  return sql.join(names.map((name) => sql`${column(name)}`), sql` || chr(10) || `);
}

/** The column the keyword search reads in every searched table (`searchColumn`). */
export const SEARCH_COLUMN = 'search_folded';

/**
 * The keyword search's column: the searched text lower-cased once, as the row is written (a
 * generated column). `ilike` lower-cases every candidate the trigram index finds, 1.4 of the 2.3
 * µs each costs, most of a search at a million rows; `like` on this column with the pattern
 * lower-cased the same way (`searchMatches`) finds the same rows, as `ilike` is `like` over both lower-cased.
 */
export const searchColumn = (searched: SQL) => text(SEARCH_COLUMN).generatedAlwaysAs(sql`lower(${searched})`);

/** The trigram index the keyword search goes through. */
export const searchIndex = (table: string, column: PgColumn) => index(`${table}_search_trgm`).using('gin', sql`${column} gin_trgm_ops`);

/** The keyword search's condition: `folded` (a search column) holds `pattern` (an escaped `%word%`), whatever the case of either. */
export const searchMatches = (folded: PgColumn, pattern: unknown) => sql`${folded} like lower(${pattern})`;
