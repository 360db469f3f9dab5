import type { SortPayload } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { openingSort } from '../firstPage';
import type { ListColumn } from '../list/columns';

/**
 * What one picker shows: whose records, how it searches them, the columns of its table and the
 * field that names a chosen record. Its title and its empty-confirm message are translated under
 * `resources.<resource>.picker.title` and `resources.<resource>.picker.required`.
 */
export interface PickerDefinition {
  resource: string;
  /** The field that names a record on a chip and in the input. */
  titleSource: string;
  /** The list's search parameter (`keyword`; series: `word`). */
  searchSource: string;
  columns: ListColumn[];
  sort: SortPayload;
}

/** A picker over an entity's list: its search parameter, its name field and sort, with the columns given. */
export function definePicker(entity: Entity, columns: ListColumn[]): PickerDefinition {
  return {
    resource: entity.resource,
    titleSource: entity.titleField,
    searchSource: entity.searchParam,
    columns,
    sort: openingSort(entity),
  };
}
