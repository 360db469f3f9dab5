import type { Entity } from '../schema/entity';
import { EntityInputs } from './forms/EntityInputs';
import { CreatePage, EditPage, ModalForm, type FormDefinition } from './forms/EntityForms';
import { ConsoleList, type ModalFormProps } from './list/ConsoleList';
import { entityColumns } from './list/entityColumns';
import { entityFilters } from './list/entityFilters';
import type { EntityResourceOptions } from './resource';

/** The screens of a resource declared by its entity alone (entityResource), fetched when first shown. */
export function entityScreens(entity: Entity, options: EntityResourceOptions) {
  const { formMode = 'page', showIndex = false, recordActions } = options;
  const columns = options.columns ?? entityColumns(entity);
  const detailFields = entityColumns(entity, 'detail', entity.names);
  const form: FormDefinition = { schema: entity.input, inputs: options.inputs ?? <EntityInputs entity={entity} /> };
  const filters = entityFilters(entity);

  const EntityModalForm = (props: ModalFormProps) => <ModalForm form={form} {...props} />;
  const List = () => (
    <ConsoleList
      columns={columns}
      titleSource={entity.titleField}
      detailFields={detailFields}
      searchSource={entity.searchParam}
      filters={filters}
      showIndex={showIndex}
      formMode={formMode}
      ModalForm={EntityModalForm}
      recordActions={recordActions}
    />
  );
  return { List, Create: () => <CreatePage form={form} />, Edit: () => <EditPage form={form} /> };
}
