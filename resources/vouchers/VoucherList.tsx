import BlockIcon from '@mui/icons-material/Block';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Box, Chip } from '@mui/material';
import { SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { ANYONE, voucher, voucherObjectTypes, voucherResourceTypes } from '../../schema/voucher';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { formatDateTime } from '../../src/fields/format';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { RecordActionButton } from '../../src/list/RecordActionButton';
import { entityColumns } from '../../src/list/entityColumns';
import { userTimeZone } from '../../src/timeZone';
import { choicesOf } from '../../src/fields/choices';

const isExpired = (record: RaRecord) => typeof record.expire_at === 'number' && record.expire_at <= Date.now();
const address = (record: RaRecord, action: string) => `${voucher.api}/${encodeURIComponent(String(record.id))}/${action}`;

/** A state in grey: what a voucher no longer does ('abolished', 'expired'). */
function GreyLabel({ children }: { children: string }) {
  return <Chip size="small" label={children} sx={{ color: 'text.secondary', bgcolor: 'action.disabledBackground' }} />;
}

/**
 * SPEC.md's columns, in its order: name (opens the detail), code, the item (its type and the
 * course's or series' title), who it suits (the tenant's or user's name, `*` for anyone),
 * available/total, the expiry (with 'expired' once past) and the description.
 */
function useVoucherColumns(): ListColumn[] {
  const translate = useTranslate();
  const typeName = (name: 'resource_type' | 'object_type', value: unknown) => translate(`resources.voucher.choices.${name}.${value}`, { _: String(value) });
  const item = (record: RaRecord) => `${typeName('resource_type', record.resource_type)} · ${record.resource?.title ?? `#${record.resource_id}`}`;
  const suit = (record: RaRecord) =>
    record.object_type === ANYONE ? ANYONE : `${typeName('object_type', record.object_type)} · ${record.object?.name ?? `#${record.object_id}`}`;
  const quantity = (record: RaRecord) => `${record.available_number}/${record.count}`;
  const expiry = (record: RaRecord) => (typeof record.expire_at === 'number' ? formatDateTime(record.expire_at) : '—');
  const [name, code, description] = entityColumns(voucher, 'list', ['name', 'code', 'description']);
  return [
    name,
    code,
    { source: 'resource', render: item, text: item },
    { source: 'object', render: suit, text: suit },
    { source: 'quantity', render: quantity, text: quantity },
    {
      source: 'expire_at',
      sortable: true,
      text: expiry,
      render: (record) => (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
          <span>{expiry(record)}</span>
          {isExpired(record) && <GreyLabel>{translate('resources.voucher.status.expired')}</GreyLabel>}
        </Box>
      ),
    },
    description,
  ];
}

/**
 * Abolish (confirmed) while the voucher is available, a grey 'abolished' label once it is not; send
 * email for a voucher that has a recipient (a tenant or a user, not anyone) and can still be redeemed
 * (not expired, not used up).
 */
export function VoucherActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  if (record.available === false) return <GreyLabel>{translate('resources.voucher.status.abolished')}</GreyLabel>;
  const recipient = record.object?.name ?? `#${record.object_id}`;
  return (
    <>
      <RecordActionButton
        action="abolish"
        label="resources.voucher.action.abolish"
        icon={<BlockIcon />}
        color="warning"
        content="resources.voucher.action.abolish_confirm"
        translateOptions={{ name: record.name }}
        successMessage="resources.voucher.action.abolished"
        failureMessage="app.notification.operation_failed"
        perform={(one, dataProvider: ConsoleDataProvider) => dataProvider.send(address(one, 'abolish'), { method: 'POST' })}
      />
      {record.object_type !== ANYONE && !isExpired(record) && record.available_number > 0 && (
        <RecordActionButton
          action="send"
          label="resources.voucher.action.send_email"
          icon={<MailOutlineIcon />}
          content={record.object_type === 'tenant' ? 'resources.voucher.action.send_confirm_tenant' : 'resources.voucher.action.send_confirm_user'}
          translateOptions={{ name: record.name, recipient }}
          successMessage="resources.voucher.action.sent"
          // The mail writes the expiry in the operator's time zone, the one the form chose its day in.
          perform={(one, dataProvider: ConsoleDataProvider) => dataProvider.send(address(one, 'send_email'), { method: 'PUT', body: { time_zone: userTimeZone() } })}
        />
      )}
    </>
  );
}

const filters = [
  <SelectInput key="resource_type" source="resource_type" choices={choicesOf(voucher.resource, 'resource_type', voucherResourceTypes)} alwaysOn helperText={false} />,
  <SelectInput key="object_type" source="object_type" choices={choicesOf(voucher.resource, 'object_type', voucherObjectTypes)} alwaysOn helperText={false} />,
  <SelectInput key="available" source="available" choices={choicesOf(voucher.resource, 'available', ['true', 'false'])} alwaysOn helperText={false} />,
];

/** /voucher: search over name and code, filters by item type, who it suits and state; abolish and send email per voucher. */
export function VoucherList() {
  const translate = useTranslate();
  const columns = useVoucherColumns();
  const state = (record: RaRecord) =>
    translate(`resources.voucher.choices.available.${record.available === false ? 'false' : 'true'}`);
  return (
    <ConsoleList
      columns={columns}
      titleSource={voucher.titleField}
      detailFields={[...columns, { source: 'available', render: state, text: state }]}
      searchSource={voucher.searchParam}
      filters={filters}
      recordActions={(record) => <VoucherActions record={record} />}
    />
  );
}
