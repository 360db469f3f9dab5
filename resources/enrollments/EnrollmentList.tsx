import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { SelectInput, useTranslate, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { enrollment } from '../../schema/enrollment';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';
import { RecordActionButton } from '../../src/list/RecordActionButton';
import { PickerInput } from '../../src/pickers/PickerInput';
import { coursePicker, userPicker } from '../../src/pickers/pickers';
import { entityColumns } from '../../src/list/entityColumns';
import { dayRangeFilters } from './dayRangeFilters';
import { StateChip } from '../../src/fields/StateChip';

const statusKey = (record: RaRecord) => `resources.enroll_detail.status.${record.available ? 'enabled' : 'disabled'}`;

/** 'Enabled' in green, 'Disabled' in grey. */
function StatusLabel({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return <StateChip on={Boolean(record.available)} label={translate(statusKey(record))} />;
}

function useStatusColumn(): ListColumn {
  const translate = useTranslate();
  return { source: 'available', render: (record) => <StatusLabel record={record} />, text: (record) => translate(statusKey(record)) };
}

const withStatus = (columns: ListColumn[], status: ListColumn) => columns.map((column) => (column.source === 'available' ? status : column));

/** Disable an enabled enrolment, enable a disabled one: confirmed, naming the learner and the course. */
function StatusAction({ record }: { record: RaRecord }) {
  const enabled = record.available === true;
  return (
    <RecordActionButton
      action="status"
      label={enabled ? 'resources.enroll_detail.action.disable' : 'resources.enroll_detail.action.enable'}
      icon={enabled ? <BlockIcon /> : <CheckCircleIcon />}
      color={enabled ? 'warning' : 'success'}
      content={enabled ? 'resources.enroll_detail.action.disable_confirm' : 'resources.enroll_detail.action.enable_confirm'}
      translateOptions={{ learner: record.learner_name, course: record.target_title }}
      successMessage={enabled ? 'resources.enroll_detail.action.disabled' : 'resources.enroll_detail.action.enabled'}
      perform={(one, dataProvider) =>
        dataProvider.send(enabled ? '/api/v1/enrollmentDisable' : '/api/v1/enrollmentEnable', {
          method: 'POST',
          body: { courseId: one.target_id, learnerId: one.learner_id },
        })
      }
    />
  );
}

const statusChoices = [
  { id: 'true', name: 'resources.enroll_detail.status.enabled' },
  { id: 'false', name: 'resources.enroll_detail.status.disabled' },
];
const enrolDays = dayRangeFilters('start_time', 'end_time');

/**
 * /enroll_detail: course (opens the detail), learner, status and enrol time, newest first; filters
 * by course (for whoever may list courses: a tenant administrator has no course list), learner,
 * status and the days enrolled; each enrolment enabled or disabled after a confirmation.
 */
export function EnrollmentList() {
  const status = useStatusColumn();
  const picksCourses = useCanAccessNow({ resource: 'course', action: 'list' });
  const columns = withStatus(entityColumns(enrollment), status);
  const detailFields = withStatus(entityColumns(enrollment, 'detail', enrollment.names), status);
  const filters = [
    ...(picksCourses ? [<PickerInput key="target_id" source="target_id" picker={coursePicker} alwaysOn helperText={false} />] : []),
    <PickerInput key="learner_id" source="learner_id" picker={userPicker} alwaysOn helperText={false} />,
    <SelectInput key="available" source="available" choices={statusChoices} alwaysOn helperText={false} />,
    ...enrolDays,
  ];
  return (
    <ConsoleList
      columns={columns}
      titleSource={enrollment.titleField}
      detailFields={detailFields}
      searchSource={false}
      filters={filters}
      cardTitleLines={2}
      recordActions={(record) => <StatusAction record={record} />}
    />
  );
}
