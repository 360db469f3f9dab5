import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { PasswordInput, SelectInput, useGetIdentity, useTranslate, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { roles } from '../../schema/privileges';
import { user, userCreateBody, userStatuses } from '../../schema/user';
import { FieldInput } from '../../src/forms/EntityInputs';
import { ModalForm, type FormDefinition } from '../../src/forms/EntityForms';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList, type ModalFormProps } from '../../src/list/ConsoleList';
import { RecordActionButton } from '../../src/list/RecordActionButton';
import { PickerInput } from '../../src/pickers/PickerInput';
import { tenantPicker } from '../../src/pickers/pickers';
import { entityColumns } from '../../src/list/entityColumns';
import { StateChip } from '../../src/fields/StateChip';

/** 'Active' in green, 'Deactivated' in grey: the state reads at a glance. */
function StatusLabel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <StateChip on={record.status === 'active'} label={translate(`resources.user.choices.status.${record.status}`, { _: String(record.status ?? '—') })} />
  );
}

const statusColumn: ListColumn = {
  source: 'status',
  render: (record) => <StatusLabel record={record} />,
  text: (record) => String(record.status ?? ''),
};

/** The declared columns, with email and mobile hidden until shown and the status as a label. */
const columns: ListColumn[] = entityColumns(user, 'list', ['user_name', 'real_name', 'nick_name', 'tenant_id', 'email', 'mobile', 'status', 'create_time']).map(
  (column) => (column.source === 'status' ? statusColumn : { ...column, hidden: column.source === 'email' || column.source === 'mobile' }),
);
const detailFields = entityColumns(user, 'detail', user.names).map((column) => (column.source === 'status' ? statusColumn : column));

/**
 * Activate or deactivate, confirmed. An operator belongs to no tenant and is never deactivated from
 * here; nobody is offered to deactivate the own account (the server refuses it).
 */
function StatusAction({ record }: { record: RaRecord }) {
  const { identity } = useGetIdentity();
  const active = record.status === 'active';
  if (record.tenant_id === null || record.tenant_id === undefined) return null;
  if (active && identity && String(identity.id) === String(record.user_id)) return null;
  const next = active ? 'deactive' : 'active';
  return (
    <RecordActionButton
      action="status"
      label={active ? 'resources.user.action.deactivate' : 'resources.user.action.activate'}
      icon={active ? <BlockIcon /> : <CheckCircleIcon />}
      color={active ? 'warning' : 'success'}
      content={active ? 'resources.user.action.deactivate_confirm' : 'resources.user.action.activate_confirm'}
      translateOptions={{ name: record.user_name }}
      successMessage={active ? 'resources.user.action.deactivated' : 'resources.user.action.activated'}
      perform={(one, dataProvider) =>
        dataProvider.send(`/uc/v1/tenant/${encodeURIComponent(String(one.tenant_id))}/users/${encodeURIComponent(String(one.user_id))}/${next}`, { method: 'PUT' })
      }
    />
  );
}

const profileInputs = (
  <>
    <FieldInput resource={user.resource} name="user_name" field={user.fields.user_name} />
    <FieldInput resource={user.resource} name="real_name" field={user.fields.real_name} />
    <FieldInput resource={user.resource} name="nick_name" field={user.fields.nick_name} />
    <PickerInput source="tenant_id" picker={tenantPicker} />
    <FieldInput resource={user.resource} name="email" field={user.fields.email} />
    <FieldInput resource={user.resource} name="mobile" field={user.fields.mobile} />
  </>
);
const roleChoices = roles.map((role) => ({ id: role, name: `resources.user.choices.role.${role}` }));

const editForm: FormDefinition = { schema: user.input, inputs: profileInputs };
/** An operator makes an account with its role and first password (never shown again). */
const createForm: FormDefinition = {
  schema: userCreateBody,
  inputs: (
    <>
      {profileInputs}
      <SelectInput source="role" choices={roleChoices} defaultValue="learner" fullWidth isRequired />
      <PasswordInput source="password" autoComplete="new-password" fullWidth isRequired />
    </>
  ),
};
const UserForm = ({ record, onClose }: ModalFormProps) => <ModalForm form={record ? editForm : createForm} record={record} onClose={onClose} />;

const statusChoices = userStatuses.map((status) => ({ id: status, name: `resources.user.choices.status.${status}` }));

/**
 * /user: username (opens the detail), names, organisation, email and mobile (hidden until shown),
 * status and creation time; filters by organisation (for whoever may read organisations: a
 * tenant's administrator sees its own only) and status.
 */
export function UserList() {
  const seesTenants = useCanAccessNow({ resource: 'tenant', action: 'list' });
  const filters = [
    ...(seesTenants ? [<PickerInput key="tenant_id" source="tenant_id" picker={tenantPicker} alwaysOn helperText={false} />] : []),
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn helperText={false} />,
  ];
  return (
    <ConsoleList
      columns={columns}
      titleSource={user.titleField}
      detailFields={detailFields}
      searchSource={user.searchParam}
      filters={filters}
      formMode="modal"
      ModalForm={UserForm}
      recordActions={(record) => <StatusAction record={record} />}
    />
  );
}
