import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Chip } from '@mui/material';
import { SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { applicationStatuses, transferApplication } from '../../schema/transferApplication';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { RecordActionButton } from '../../src/list/RecordActionButton';
import { entityColumns } from '../../src/list/entityColumns';

const statusColor = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

function StatusLabel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = record.status as keyof typeof statusColor;
  return <Chip size="small" variant="outlined" color={statusColor[status] ?? 'default'} label={translate(`resources.user_audit.choices.status.${status}`, { _: String(status) })} />;
}

/** An organisation's name; a learner who belonged to none applied to join one. */
function useTenantName() {
  const translate = useTranslate();
  return (tenant: unknown) => (tenant && typeof tenant === 'object' ? String((tenant as { display_name?: string }).display_name ?? '') : translate('resources.user_audit.no_tenant'));
}

/** Approve and reject, each confirmed and naming who moves where; failure says 'Audit is failed' unless the server says why. */
function Decision({ record }: { record: RaRecord }) {
  const tenantName = useTenantName();
  const names = { name: record.user_name, from: tenantName(record.from_tenant), to: tenantName(record.to_tenant) };
  const send = (verb: 'approve' | 'reject') => (one: RaRecord, dataProvider: ConsoleDataProvider) =>
    dataProvider.send(`${transferApplication.api}/${encodeURIComponent(String(one.id))}/${verb}`, { method: 'PUT' });
  // A decided application has nothing left to do: its status (the label beside) is its decision.
  if (record.status !== 'pending') return null;
  return (
    <>
      <RecordActionButton
        action="decide"
        label="resources.user_audit.action.approve"
        icon={<CheckIcon />}
        color="success"
        content="resources.user_audit.action.approve_confirm"
        translateOptions={names}
        successMessage="resources.user_audit.action.approved"
        failureMessage="resources.user_audit.action.failed"
        perform={send('approve')}
      />
      <RecordActionButton
        action="decide"
        label="resources.user_audit.action.reject"
        icon={<CloseIcon />}
        color="error"
        content="resources.user_audit.action.reject_confirm"
        translateOptions={names}
        successMessage="resources.user_audit.action.rejected"
        failureMessage="resources.user_audit.action.failed"
        perform={send('reject')}
      />
    </>
  );
}

const statusColumn: ListColumn = { source: 'status', render: (record) => <StatusLabel record={record} />, text: (record) => String(record.status) };
/** The learner's name heads the row (it opens the detail); the declared reference shows the same name. */
const columns: ListColumn[] = [
  { source: 'user_name' },
  ...entityColumns(transferApplication, 'list', ['from_tenant_id', 'to_tenant_id', 'create_time']),
  statusColumn,
];
const statusChoices = applicationStatuses.map((status) => ({ id: status, name: `resources.user_audit.choices.status.${status}` }));
const filters = [<SelectInput key="status" source="status" choices={statusChoices} alwaysOn helperText={false} />];

/** /user_audit: learner, from and target organisation, apply time and status (the decision, once made); approve or reject the pending ones. */
export function TransferApplicationList() {
  return (
    <ConsoleList
      columns={columns}
      titleSource="user_name"
      searchSource={transferApplication.searchParam}
      filters={filters}
      recordActions={(record) => <Decision record={record} />}
    />
  );
}
