import { createHash } from 'node:crypto';
import { Column, fillPlaceholders, is } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

export type Row = Record<string, unknown>;

/** A drizzle select, built but not run. */
export interface BuiltSelect {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * What a select sends, as the driver gets it: its text, its values (placeholders still unfilled
 * until `fillPlaceholders`), and the names of a row's values in order (the builder names no column:
 * values are read by position).
 */
export interface Statement {
  /** The name it is prepared under on each connection (`statementName`); without one it is parsed and planned per call. */
  name?: string;
  sql: string;
  params: unknown[];
  fields: FieldNames;
}

type Decode = (value: unknown) => unknown;
/** How one selected value is read: its name alone (as it comes), decoded, or a record of several (a nested selection). */
export type FieldReader = string | [name: string, read: Decode | FieldReader[]];
/** The names of a row's values, a nested record's under its own: how a `Statement`'s rows read, nothing decoded. */
export type FieldNames = (string | [name: string, fields: FieldNames])[];

/** Integer columns whose values pg reads as numbers (int2, int4), as drizzle would read them from text. */
const AS_NUMBERS = new Set(['PgInteger', 'PgSmallInt', 'PgSerial', 'PgSmallSerial']);

/**
 * How each selected value is read from the driver, in the select's order: as drizzle reads it, a
 * column by its type (a bigint time as a number), an expression by its `mapWith`, else as it comes
 * (undefined: nothing to do); a nested selection (a record read from a joined table) field by field.
 */
export function decoders(selection: Record<string, unknown>): FieldReader[] {
  return Object.entries(selection).map(([name, field]) => {
    // Drizzle flattens a plain object of fields into the select list in the same order.
    if (Object.getPrototypeOf(field) === Object.prototype) return [name, decoders(field as Record<string, unknown>)];
    const decoder = is(field, Column) ? field : (field as { decoder?: { mapFromDriverValue: Decode } }).decoder;
    // A value read as it comes costs no call: drizzle's own mapping is the identity (text, boolean), or
    // reads a text the driver never sends (an int2 or int4, which pg reads as a number itself).
    if (!decoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue) return name;
    if (is(decoder, Column) && AS_NUMBERS.has(decoder.columnType)) return name;
    return [name, (value) => decoder.mapFromDriverValue(value)];
  });
}

/**
 * The driver's reading of values as drizzle sets it for its own queries: times, dates and intervals
 * (and arrays of them) as the text the database sends, for the columns' decoders to read.
 */
const AS_SENT = new Set<number>([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1115, 1182, 1185, 1187, 1231]);
const asSent = (value: unknown) => value;
export const driverTypes = {
  // Asked for every column of every result: one function, not a new one each time.
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (AS_SENT.has(oid) ? asSent : pg.types.getTypeParser(oid, format)),
};

/** The pool a database handle runs on. */
export const poolOf = (db: Database) => (db as unknown as { $client: pg.Pool }).$client;

/**
 * Reads rows that come as arrays (`rowMode: 'array'`) into records named and decoded by `fields`
 * (see `decoders`). A nested record whose values all came as null is null: a left join that found
 * no record (as drizzle reads its own joins).
 */
export function rowReader(fields: FieldReader[]): (values: unknown[]) => Row {
  return recordAt(fields, 0).read;
}

/** The names of `fields`, nested as they are, with nothing to decode. */
const namesOf = (fields: FieldReader[]): FieldNames =>
  fields.map((field) => (typeof field === 'string' ? field : Array.isArray(field[1]) ? [field[0], namesOf(field[1])] : field[0]));

function recordAt(fields: FieldReader[], start: number) {
  let at = start;
  const parts = fields.map((field) => {
    if (typeof field === 'string') return { name: field, index: at++ };
    const [name, how] = field;
    if (!Array.isArray(how)) return { name, index: at++, decode: how };
    const nested = recordAt(how, at);
    at += nested.width;
    return { name, nested };
  });
  const end = at;
  return {
    width: end - start,
    /** Whether every value of the record came as null. */
    empty(values: unknown[]) {
      for (let i = start; i < end; i++) if (values[i] !== null) return false;
      return true;
    },
    read(values: unknown[]): Row {
      const row: Row = {};
      for (const part of parts) {
        if (part.nested) row[part.name] = part.nested.empty(values) ? null : part.nested.read(values);
        else {
          const value = values[part.index!];
          row[part.name] = value === null || !part.decode ? value : part.decode(value);
        }
      }
      return row;
    },
  };
}

/**
 * The name a statement is prepared under, from its text: the driver refuses one name for two texts on
 * a connection, and the same text built again (another database handle, the bench's bare route)
 * shares its preparation. A named statement is parsed once per connection, and PostgreSQL's plan
 * cache plans its first five calls for their values, then keeps a generic plan when that is
 * estimated no dearer, for good: so only a statement whose values cannot change its best plan may
 * be named (bench/RESULTS.md, "Named statements").
 */
export const statementName = (text: string) => `page_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;

export interface PreparedSelectOptions {
  /** Values read after the selection's, as they come. */
  extraFields?: string[];
  /**
   * Sent by name (`statementName`): for a statement whose values cannot change its best plan (a
   * whole list's page near its start). Otherwise (a search, a filter, a scope, a far page, whose
   * values pick out few rows or many) it is parsed and planned for its values on every call.
   */
  named?: boolean;
}

/**
 * A select built once and sent straight through the driver: its placeholders filled per call, its
 * rows read as arrays and decoded as drizzle decodes the same select's. Drizzle's own run of a
 * prepared select maps every value of every row through a generic path (type checks per value) that
 * cost a list request more than its statement's binding; `bound` is what the bench's bare routes send.
 */
export function preparedSelect(select: BuiltSelect, selection: Record<string, unknown>, { extraFields = [], named = false }: PreparedSelectOptions = {}) {
  const { sql: text, params } = select.toSQL();
  const name = named ? statementName(text) : undefined;
  const selected = decoders(selection);
  // The extra values sit after the selection's: its reader never reaches them (`withExtras` reads them).
  const { read, width } = recordAt(selected, 0);
  const names = namesOf([...selected, ...extraFields]);
  const send = async (db: Database, values: Record<string, unknown>) =>
    (await poolOf(db).query({ name, text, values: fillPlaceholders(params, values), rowMode: 'array', types: driverTypes })).rows as unknown[][];
  return {
    /** The statement with these values in its placeholders, as the driver gets it. */
    bound: (values: Record<string, unknown>): Statement => ({ name, sql: text, params: fillPlaceholders(params, values), fields: names }),
    /** The rows, as the caller knows its selection to read (`T`); without the extra values. */
    async rows<T extends Row = Row>(db: Database, values: Record<string, unknown>): Promise<T[]> {
      return (await send(db, values)).map(read) as T[];
    },
    /**
     * The rows without the extra values, and the first row's extra values by name (none when no row
     * came): a page's total rides on every row, and copying each row without it cost more than reading it.
     */
    async withExtras(db: Database, values: Record<string, unknown>): Promise<{ rows: Row[]; extras: Row | undefined }> {
      const raw = await send(db, values);
      if (raw.length === 0) return { rows: [], extras: undefined };
      const extras: Row = {};
      extraFields.forEach((field, at) => (extras[field] = raw[0][width + at]));
      return { rows: raw.map(read), extras };
    },
  };
}
