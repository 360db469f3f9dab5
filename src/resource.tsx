import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { Entity } from '../schema/entity';
import { restEndpoints, type Endpoints } from './dataProvider';
import { FieldValue, fieldText } from './fields/FieldValue';
import { EntityInputs } from './forms/EntityInputs';
import { CreatePage, EditPage, ModalForm, type FormDefinition } from './forms/EntityForms';
import { entityFilters } from './list/entityFilters';
import { ConsoleList, type FormMode, type ModalFormProps } from './list/ConsoleList';
import type { ListColumn } from './list/columns';
import type { ResourcePrivileges } from './privileges';

/**
 * A console resource, as react-admin's <Resource> takes it (`list`, `create`, `edit`, `show`, `icon`,
 * `recordRepresentation`), plus where it lives on the server and who may use it. App registers the
 * edit view at SPEC.md's /name/edit/:id too.
 */
export interface ConsoleResource {
  name: string;
  icon: ComponentType;
  privileges: ResourcePrivileges;
  /** Absent while the resource has no screens yet. */
  endpoints?: Endpoints;
  /** Absent for records read only inside another resource's screens (a series' courses). */
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string) | ReactElement;
  /** More routes under /name (a tree's /name/create?parent_id=, a video's /name/:id/version). */
  routes?: ReactNode;
  /**
   * Whether an action the privileges allow applies to this record for the signed-in user (react-admin's
   * canAccess with a record): nobody is offered to delete their own account. The server enforces it too.
   */
  recordAccess?: (action: string, record: Record<string, unknown>, selfId: string) => boolean;
}

export interface EntityResourceOptions {
  icon: ComponentType;
  formMode?: FormMode;
  showIndex?: boolean;
  /** More actions on each record, after edit and delete. */
  recordActions?: (record: RaRecord) => ReactNode;
  /** The form's inputs when the declared ones are not the whole story. */
  inputs?: ReactNode;
  /** Columns in place of the declared list fields. */
  columns?: ListColumn[];
}

/** The list columns of an entity: its `list` fields, each shown as its kind says. */
export function entityColumns(entity: Entity, variant: 'list' | 'detail' = 'list', names = entity.names.filter((name) => entity.fields[name].list)): ListColumn[] {
  return names.map((name) => ({
    source: name,
    sortable: Boolean(entity.fields[name].sortable),
    render: (record) => <FieldValue resource={entity.resource} name={name} field={entity.fields[name]} record={record} variant={variant} />,
    text: (record) => fieldText(entity.fields[name], record[name], record),
  }));
}

/** A resource's console side, from its declaration in schema/: the parts compose, and a resource may replace any of them. */
export function entityResource(entity: Entity, options: EntityResourceOptions): ConsoleResource {
  const { icon, formMode = 'page', showIndex = false, recordActions } = options;
  const columns = options.columns ?? entityColumns(entity);
  const detailFields = entityColumns(entity, 'detail', entity.names);
  const form: FormDefinition = { schema: entity.input, inputs: options.inputs ?? <EntityInputs entity={entity} /> };
  const sort = { field: entity.defaultSort.field, order: entity.defaultSort.order.toUpperCase() as 'ASC' | 'DESC' };
  const filters = entityFilters(entity);

  const EntityModalForm = (props: ModalFormProps) => <ModalForm form={form} {...props} />;
  const List = () => (
    <ConsoleList
      columns={columns}
      titleSource={entity.titleField}
      detailFields={detailFields}
      sort={sort}
      searchSource={entity.searchParam}
      filters={filters}
      showIndex={showIndex}
      formMode={formMode}
      ModalForm={EntityModalForm}
      recordActions={recordActions}
    />
  );
  return {
    name: entity.resource,
    icon,
    privileges: entity.privileges,
    endpoints: restEndpoints(entity.api, entity.idKey, entity.listApi),
    list: List,
    create: formMode === 'page' ? () => <CreatePage form={form} /> : undefined,
    edit: formMode === 'page' ? () => <EditPage form={form} /> : undefined,
    recordRepresentation: entity.titleField,
  };
}
