import type { Entity } from '../../schema/entity';
import { FieldValue, fieldText } from '../fields/FieldValue';
import type { ListColumn } from './columns';

/** The list columns of an entity: its `list` fields, each shown as its kind says. */
export function entityColumns(entity: Entity, variant: 'list' | 'detail' = 'list', names = entity.names.filter((name) => entity.fields[name].list)): ListColumn[] {
  return names.map((name) => ({
    source: name,
    sortable: Boolean(entity.fields[name].sortable),
    render: (record) => <FieldValue resource={entity.resource} name={name} field={entity.fields[name]} record={record} variant={variant} />,
    text: (record) => fieldText(entity.fields[name], record[name], record),
  }));
}
