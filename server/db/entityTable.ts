import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, timestamp, uniqueIndex, type PgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { Field } from '../../schema/fields';
import type { Entity } from '../../schema/entity';
import { blankText, createdAt, identityId } from './columns';

function columnFor(name: string, field: Field): PgColumnBuilderBase {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'enum':
      return blankText(name);
    case 'integer':
      return integer(name).notNull().default(0);
    case 'money':
      return numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);
    case 'boolean':
      return boolean(name).notNull().default(false);
  }
}

/** The table of a simple resource, derived from its declaration in schema/. */
export function entityTable(entity: Entity) {
  const columns: Record<string, PgColumnBuilderBase> = {
    [entity.idKey]: identityId(entity.idKey),
  };
  for (const name of entity.names) columns[name] = columnFor(name, entity.fields[name]);
  columns.created_at = createdAt('created_at');
  columns.updated_at = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
  const sortedNames = entity.names.filter((name) => entity.fields[name].sortable && !entity.fields[name].unique);
  return pgTable(entity.table, columns, (table) => {
    const column = (name: string) => (table as unknown as Record<string, PgColumn>)[name];
    return [
      ...entity.uniqueNames.map((name) => uniqueIndex(uniqueConstraintName(entity, name)).on(column(name))),
      ...sortedNames.map((name) => index(`${entity.table}_${name}_idx`).on(column(name))),
      // The keyword search is `ilike '%word%'`: trigram indexes keep it fast on large tables.
      ...entity.keyword.map((name) => index(`${entity.table}_${name}_trgm`).using('gin', sql`${column(name)} gin_trgm_ops`)),
    ];
  });
}

/** Named so a duplicate (23505) can be reported against the field that caused it. */
export const uniqueConstraintName = (entity: Entity, field: string) => `${entity.table}_${field}_unique`;
