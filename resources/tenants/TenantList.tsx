import LinkIcon from '@mui/icons-material/Link';
import { Button } from '@mui/material';
import { PasswordInput, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { userName } from '../../schema/auth';
import { tenant, tenantCreateBody } from '../../schema/tenant';
import { publicUrl } from '../../src/config';
import { EntityInputs, FieldInput } from '../../src/forms/EntityInputs';
import { ModalForm, type FormDefinition } from '../../src/forms/EntityForms';
import { ConsoleList, type ModalFormProps } from '../../src/list/ConsoleList';
import { entityColumns } from '../../src/list/entityColumns';

/** The link a tenant hands its learners: the public registration page, naming the tenant. */
export const registrationUrl = (record: RaRecord) => `${publicUrl()}/register?tenant_id=${encodeURIComponent(String(record.tenant_id ?? record.id))}`;

/** Edit: the tenant's own fields. */
const editForm: FormDefinition = { schema: tenant.input, inputs: <EntityInputs entity={tenant} /> };

/** Create: the tenant and its first administrator, whose password is typed here once and never shown again. */
const createForm: FormDefinition = {
  schema: tenantCreateBody,
  inputs: (
    <>
      <EntityInputs entity={tenant} />
      <FieldInput resource={tenant.resource} name="admin_user_name" field={userName} />
      <PasswordInput source="admin_password" autoComplete="new-password" fullWidth isRequired />
    </>
  ),
};

const TenantForm = ({ record, onClose }: ModalFormProps) => <ModalForm form={record ? editForm : createForm} record={record} onClose={onClose} />;

/** 'Copy registration URL': 'Copy Successful', or 'Copy Failed' when the browser refuses the clipboard. */
function CopyRegistrationUrl({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(registrationUrl(record));
      notify('app.notification.copied', { type: 'success' });
    } catch {
      notify('app.notification.copy_failed', { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<LinkIcon />} onClick={copy}>
      {translate('resources.tenant.action.copy_link')}
    </Button>
  );
}


/** /tenant: number, name (opens the detail), code, description; create, edit and delete in a modal over the list. */
export function TenantList() {
  return (
    <ConsoleList
      columns={entityColumns(tenant, 'list', ['display_name', 'name', 'description'])}
      titleSource={tenant.titleField}
      detailFields={entityColumns(tenant, 'detail', tenant.names)}
      searchSource={tenant.searchParam}
      showIndex
      formMode="modal"
      ModalForm={TenantForm}
      recordActions={(record) => <CopyRegistrationUrl record={record} />}
    />
  );
}
