import type { Entity } from '../../schema/entity';
import type { Field } from '../../schema/fields';
import { translate, type ServerLocale } from '../messages';

type Row = Record<string, unknown>;
export type Cell = string | number;

/** What a cell needs to read as the console shows it: the caller's language, time zone and the files' address. */
export interface CellContext {
  locale: ServerLocale;
  /** An epoch-ms time as `YYYY-MM-DD HH:mm:ss` in the caller's time zone. */
  time(epochMs: number): string;
  /** A stored file's public address. */
  fileUrl(key: string): string;
}

/** One column of an export: the wire name, its header in the caller's language, and its cell. */
export interface CsvColumn {
  name: string;
  /** The header's message key (the wire name when the catalogue lacks it). */
  label: string;
  cell(row: Row, context: CellContext): Cell;
}

/** A message, or `fallback` when the catalogue has none. */
function translated(locale: ServerLocale, key: string, fallback: string): string {
  const text = translate(locale, key);
  return text === key ? fallback : text;
}

/** The header row: each column's label in the caller's language. */
export function headerCells(columns: readonly CsvColumn[], locale: ServerLocale): string[] {
  return columns.map((column) => translated(locale, column.label, column.name));
}

/** A time as people read it, sortable as text: `2026-01-31 09:05:00`, in `timeZone`. */
export function timeFormatter(timeZone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (epochMs) => {
    const part = Object.fromEntries(format.formatToParts(new Date(epochMs)).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A referenced record (or several) by the names the console shows for them. */
function referencedNames(referenced: unknown, titleField: string): string {
  const records = (Array.isArray(referenced) ? referenced : referenced ? [referenced] : []) as Row[];
  return records.map((record) => String(record[titleField] ?? '')).join(', ');
}

/**
 * A declared field's cell, as the console shows it: a choice and yes/no as words in the caller's
 * language, times readable in the caller's time zone, money with two decimals, references by name,
 * files by their address. Nothing is an empty cell (the console's dash is for the screen).
 */
export function fieldCell(resource: string, name: string, field: Field): CsvColumn['cell'] {
  switch (field.kind) {
    case 'boolean':
      return (row, { locale }) => translate(locale, row[name] ? 'ra.boolean.true' : 'ra.boolean.false');
    case 'money':
      return (row) => (isEmpty(row[name]) ? '' : Number(row[name]).toFixed(2));
    case 'datetime':
      return (row, { time }) => (isEmpty(row[name]) ? '' : time(Number(row[name])));
    case 'enum':
      return (row, { locale }) => (isEmpty(row[name]) ? '' : translated(locale, `resources.${resource}.choices.${name}.${row[name]}`, String(row[name])));
    case 'reference':
      return (row) => referencedNames(row[field.as], field.target().titleField);
    case 'file':
      return (row, { fileUrl }) => ((Array.isArray(row[name]) ? row[name] : isEmpty(row[name]) ? [] : [row[name]]) as string[]).map(fileUrl).join(' ');
    case 'integer':
      return (row) => (isEmpty(row[name]) ? '' : Number(row[name]));
    default:
      return (row) => (isEmpty(row[name]) ? '' : String(row[name]));
  }
}

/** A value a route works out beside the fields: text and numbers as they are, a record by its title or name, other JSON as JSON. */
export const valueCell =
  (name: string): CsvColumn['cell'] =>
  (row, { locale }) => {
    const value = row[name];
    if (isEmpty(value)) return '';
    if (typeof value === 'number') return value;
    if (typeof value === 'boolean') return translate(locale, value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (typeof value === 'object') return String((value as Row).title ?? (value as Row).name ?? JSON.stringify(value));
    return String(value);
  };

/** A time a route works out beside the fields (a series' `create_at`), read as the declared times are. */
export const timeCell =
  (name: string): CsvColumn['cell'] =>
  (row, { time }) =>
    isEmpty(row[name]) ? '' : time(Number(row[name]));

/** A value the route adds to an entity's export, labelled as the entity's fields are. */
export const addedColumn = (entity: Entity, name: string, cell: CsvColumn['cell'] = valueCell(name)): CsvColumn => ({
  name,
  label: `resources.${entity.resource}.fields.${name}`,
  cell,
});

/**
 * An entity's export: its id, then every declared field in declared order but rich text (a page of
 * formatted text is no spreadsheet cell; its record's page shows it), then what the route adds.
 */
export function entityColumns(entity: Entity, added: readonly CsvColumn[] = []): CsvColumn[] {
  const id: CsvColumn = { name: entity.idKey, label: 'app.export.id', cell: (row) => Number(row[entity.idKey]) };
  const fields = entity.names
    .filter((name) => entity.fields[name].kind !== 'richText')
    .map((name) => addedColumn(entity, name, fieldCell(entity.resource, name, entity.fields[name])));
  return [id, ...fields, ...added];
}
