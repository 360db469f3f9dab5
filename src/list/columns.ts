import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';

/** One piece of a record as the lists show it: a table column, a line on a card, a row of the detail. */
export interface ListColumn {
  source: string;
  /** A translation key; by default `resources.<resource>.fields.<source>`. */
  label?: string;
  render?: (record: RaRecord) => ReactNode;
  /** The whole value as text, shown on hover where the list clamps it; the raw value by default. */
  text?: (record: RaRecord) => string;
  sortable?: boolean;
  /** Left out until the user shows it with the table's columns button (a user's email and mobile). */
  hidden?: boolean;
  /** A table column and a row of the detail, but no line on a card: the card shows it otherwise (a carousel's image is its picture). */
  tableOnly?: boolean;
}

export const columnLabel = (resource: string, column: ListColumn) => column.label ?? `resources.${resource}.fields.${column.source}`;

/** A value as plain text, '—' when there is none. */
export function columnText(record: RaRecord, column: ListColumn): string {
  if (column.text) return column.text(record);
  const value = record[column.source];
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

export function columnValue(record: RaRecord, column: ListColumn): ReactNode {
  return column.render ? column.render(record) : columnText(record, column);
}
