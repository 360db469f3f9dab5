import type { ComponentType, ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { Entity } from '../schema/entity';
import { restEndpoints, type Endpoints } from './dataProvider';
import { EntityInputs } from './forms/EntityInputs';
import { CreatePage, EditPage, ModalForm, type FormDefinition } from './forms/EntityForms';
import { ConsoleList, type FormMode, type ModalFormProps } from './list/ConsoleList';
import { ComingSoon } from './pages/ComingSoon';
import type { ResourcePrivileges } from './privileges';

/** What <Admin> needs to know of a resource: its screens, where it lives and who may use it. */
export interface ConsoleResource {
  name: string;
  icon: ComponentType;
  privileges: ResourcePrivileges;
  /** Absent while the resource has no screens yet. */
  endpoints?: Endpoints;
  list: ComponentType;
  create?: ComponentType;
  /** More routes under /name (SPEC.md's /name/edit/:id and friends). */
  routes?: ReactNode;
}

export interface EntityResourceOptions {
  icon: ComponentType;
  formMode?: FormMode;
  showIndex?: boolean;
}

/** A simple resource's whole console side, from its declaration in schema/. */
export function entityResource(entity: Entity, { icon, formMode = 'page', showIndex = false }: EntityResourceOptions): ConsoleResource {
  const columns = entity.names
    .filter((name) => entity.fields[name].list)
    .map((name) => ({ source: name, sortable: Boolean(entity.fields[name].sortable) }));
  const detailFields = entity.names.map((name) => ({ source: name }));
  const form: FormDefinition = { schema: entity.input, inputs: <EntityInputs entity={entity} /> };
  const sort = { field: entity.defaultSort.field, order: entity.defaultSort.order.toUpperCase() as 'ASC' | 'DESC' };

  const EntityModalForm = (props: ModalFormProps) => <ModalForm form={form} {...props} />;
  const List = () => (
    <ConsoleList
      columns={columns}
      titleSource={entity.titleField}
      detailFields={detailFields}
      sort={sort}
      showIndex={showIndex}
      formMode={formMode}
      ModalForm={EntityModalForm}
    />
  );
  return {
    name: entity.resource,
    icon,
    privileges: entity.privileges,
    endpoints: restEndpoints(entity.api, entity.idKey, entity.listApi),
    list: List,
    create: formMode === 'page' ? () => <CreatePage form={form} /> : undefined,
    routes: formMode === 'page' ? <Route path="edit/:id" element={<EditPage form={form} />} /> : undefined,
  };
}

/** A menu entry whose screens are not built yet: its routes say so instead of failing. */
export function comingResource(name: string, icon: ComponentType, privileges: ResourcePrivileges): ConsoleResource {
  return { name, icon, privileges, list: ComingSoon, create: ComingSoon };
}
