import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { auditActions, auditedEntities, auditLog } from '../../schema/auditLog';
import { choicesOf } from '../../src/fields/choices';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { entityColumns } from '../../src/list/entityColumns';
import { dayRangeFilters } from '../enrollments/dayRangeFilters';

type Fields = Record<string, unknown> | null | undefined;

/** A field's value as it was stored: text as it is, anything else as JSON; '—' for none. */
const shown = (fields: Fields, name: string) => {
  if (!fields || !(name in fields)) return '—';
  const value = fields[name];
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The record's fields side by side: each field, as it was and as it became (a create has no before, a delete no after). */
export function FieldChanges({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const before = record.before as Fields;
  const after = record.after as Fields;
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return <Typography variant="body2">{translate('resources.audit_log.changes.none')}</Typography>;
  return (
    <Table size="small" aria-label={translate('resources.audit_log.fields.changes')} sx={{ '& td, & th': { px: 1, verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.audit_log.changes.field')}</TableCell>
          <TableCell>{translate('resources.audit_log.changes.before')}</TableCell>
          <TableCell>{translate('resources.audit_log.changes.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {names.map((name) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row">{name}</TableCell>
            <TableCell>{shown(before, name)}</TableCell>
            <TableCell>{shown(after, name)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Who acted: the login name, or 'Anonymous' for a call without a session (a registration). */
function useUserColumn(): ListColumn {
  const translate = useTranslate();
  return { source: 'user', text: (record) => (record.user ? String(record.user) : translate('resources.audit_log.anonymous')) };
}

const changesColumn: ListColumn = { source: 'changes', render: (record) => <FieldChanges record={record} />, text: () => '' };
const listColumns = entityColumns(auditLog);
const detailColumns = [...entityColumns(auditLog, 'detail', auditLog.names), changesColumn];
const filters = [
  <TextInput key="user" source="user" alwaysOn helperText={false} />,
  <SelectInput key="entity" source="entity" choices={choicesOf(auditLog.resource, 'entity', auditedEntities)} alwaysOn helperText={false} />,
  <SelectInput key="action" source="action" choices={choicesOf(auditLog.resource, 'action', auditActions)} alwaysOn helperText={false} />,
  ...dayRangeFilters('from', 'to'),
];

/**
 * /audit_log: when, who, what was done to which record, newest first; the detail shows the
 * record's fields before and after side by side. Filters: the user's login name, the resource, the
 * action and the days (from the first day's midnight to the midnight after the last); the search
 * looks in the user's and the record's names.
 */
export function AuditLogList() {
  const user = useUserColumn();
  const withUser = (columns: ListColumn[]) => columns.map((column) => (column.source === 'user' ? user : column));
  return <ConsoleList columns={withUser(listColumns)} titleSource={auditLog.titleField} detailFields={withUser(detailColumns)} filters={filters} cardTitleLines={2} />;
}
