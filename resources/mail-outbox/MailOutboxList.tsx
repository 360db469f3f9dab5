import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { mailOutbox, mailStatuses, type MailAttemptOutcome } from '../../schema/mailOutbox';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { choicesOf } from '../../src/fields/choices';
import { formatDateTime } from '../../src/fields/format';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { RecordActionButton } from '../../src/list/RecordActionButton';
import { entityColumns } from '../../src/list/entityColumns';

const resource = mailOutbox.resource;
const statusColor = { queued: 'info', sending: 'info', sent: 'success', failed: 'error' } as const;

interface Attempt {
  attempted_at: number;
  outcome: MailAttemptOutcome;
  smtp_code: number | null;
  response: string;
}
const attemptsOf = (record: RaRecord) => (Array.isArray(record.attempts) ? (record.attempts as Attempt[]) : []);
const recipients = (record: RaRecord) => (Array.isArray(record.to) ? (record.to as string[]).join(', ') : '');

function StatusLabel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = record.status as keyof typeof statusColor;
  return <Chip size="small" variant="outlined" color={statusColor[status] ?? 'default'} label={translate(`resources.${resource}.choices.status.${status}`, { _: String(status) })} />;
}

/** Each attempt, newest first: when, what came of it, and the SMTP server's own answer (why it failed). */
function AttemptList({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const attempts = attemptsOf(record);
  if (attempts.length === 0) return <Typography variant="body2">{translate(`resources.${resource}.no_attempts`)}</Typography>;
  return (
    <Stack component="ol" spacing={0.5} data-testid="mail-attempts" sx={{ m: 0, pl: 2.5 }}>
      {attempts.map((attempt) => (
        <Typography component="li" variant="body2" key={`${attempt.attempted_at}-${attempt.response}`} sx={{ overflowWrap: 'anywhere' }}>
          {formatDateTime(attempt.attempted_at)} · {translate(`resources.${resource}.outcome.${attempt.outcome}`)}
          {attempt.response ? `: ${attempt.response}` : ''}
        </Typography>
      ))}
    </Stack>
  );
}

/** The last attempt's answer: what a failed or waiting mail last met. */
const lastAnswer = (record: RaRecord) => attemptsOf(record)[0]?.response ?? '';

const declared = (names: string[]) => entityColumns(mailOutbox, 'list', names);
const toColumn: ListColumn = { source: 'to', text: recipients };
const statusColumn: ListColumn = { source: 'status', render: (record) => <StatusLabel record={record} />, text: (record) => String(record.status) };
const lastAnswerColumn: ListColumn = { source: 'last_answer', render: (record) => lastAnswer(record) || '—', text: (record) => lastAnswer(record) || '—' };
/** Subject (opens the detail with the text and every attempt), recipients, status, voucher, attempts, when queued and last tried, the last answer. */
const columns: ListColumn[] = [...declared(['subject']), toColumn, statusColumn, ...declared(['voucher_id', 'attempt_count', 'created_at', 'last_attempt_at']), lastAnswerColumn];
const detailFields: ListColumn[] = [
  ...declared(['subject']),
  toColumn,
  statusColumn,
  ...entityColumns(mailOutbox, 'detail', ['voucher_id', 'created_at', 'next_attempt_at', 'sent_at', 'text']),
  { source: 'attempts', render: (record) => <AttemptList record={record} />, text: (record) => attemptsOf(record).map((attempt) => attempt.response).join('\n') },
];
const filters = [<SelectInput key="status" source="status" choices={choicesOf(resource, 'status', mailStatuses)} alwaysOn helperText={false} />];

/** Whether mail goes out at all: without SMTP_URL it waits here, and the screen says so. */
function DeliveryState() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data } = useQuery({
    queryKey: [resource, 'delivery'],
    queryFn: ({ signal }) => dataProvider.send<{ delivering: boolean; max_attempts: number; retention_days: number }>(`${mailOutbox.api}/delivery`, { signal }),
  });
  if (!data) return null;
  return (
    <Box sx={{ my: 1 }}>
      {data.delivering ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`resources.${resource}.bounds`, data)}
        </Typography>
      ) : (
        <Alert severity="warning" data-testid="mail-not-delivering">
          {translate(`resources.${resource}.not_delivering`)}
        </Alert>
      )}
    </Box>
  );
}

/** Send again: a sent mail once more, a failed one anew, a queued one now. A mail being handed to the server has nothing to offer. */
function Resend({ record }: { record: RaRecord }) {
  if (record.status === 'sending') return null;
  return (
    <RecordActionButton
      action="resend"
      label={`resources.${resource}.action.resend`}
      icon={<ReplayIcon />}
      content={`resources.${resource}.action.resend_confirm`}
      translateOptions={{ subject: record.subject, to: recipients(record) }}
      successMessage={`resources.${resource}.action.resent`}
      failureMessage={`resources.${resource}.action.failed`}
      perform={(one, dataProvider: ConsoleDataProvider) => dataProvider.send(`${mailOutbox.api}/${encodeURIComponent(String(one.id))}/resend`, { method: 'POST' })}
    />
  );
}

/** /mail_outbox: every mail the server sends, newest first, found by recipient or subject and filtered by status. */
export function MailOutboxList() {
  return (
    <ConsoleList
      columns={columns}
      detailFields={detailFields}
      titleSource="subject"
      searchSource={mailOutbox.searchParam}
      filters={filters}
      recordActions={(record) => <Resend record={record} />}
      pageSummary={<DeliveryState />}
    />
  );
}
