import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount } from '../../src/fields/format';
import type { ListColumn } from '../../src/list/columns';
import { ConsoleList } from '../../src/list/ConsoleList';

const EnrollmentChart = lazy(() => import('./EnrollmentChart'));

const courseTitle = (record: RaRecord) => String(record.target?.title ?? '—');

function Count({ record }: { record: RaRecord }) {
  const [locale] = useLocaleState();
  return <>{formatCount(Number(record.enrollment_count), locale)}</>;
}

const columns: ListColumn[] = [
  { source: 'target', render: courseTitle, text: courseTitle },
  { source: 'enrollment_count', sortable: true, render: (record) => <Count record={record} />, text: (record) => String(record.enrollment_count) },
];
const sort = { field: 'enrollment_count', order: 'DESC' as const };

/** The enrolment details of the row's course (for those who may pick courses there). */
function ShowEnrollments({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const canAccess = useCanAccessNow({ resource: 'course', action: 'list' });
  if (!canAccess) return null;
  const filter = encodeURIComponent(JSON.stringify({ target_id: record.id }));
  return (
    <Button size="small" startIcon={<ListAltIcon />} component={RouterLink} to={`/enroll_detail?filter=${filter}`}>
      {translate('resources.enroll_statis.details')}
    </Button>
  );
}

function ChartOfThePage() {
  const translate = useTranslate();
  return (
    <Suspense fallback={<Typography color="text.secondary" sx={{ mb: 2, px: 1 }}>{translate('resources.enroll_statis.chart.loading')}</Typography>}>
      <EnrollmentChart />
    </Suspense>
  );
}

/**
 * /enroll_statis: courses by their enabled enrolments, most enrolled first (an operator sees the
 * platform's, a tenant administrator its learners'), searched by course title, with a bar chart
 * of the page shown above them.
 */
export function EnrollmentStatisticList() {
  const translate = useTranslate();
  return (
    <ConsoleList
      columns={columns}
      titleSource="target"
      sort={sort}
      pageSummary={
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, px: 1 }}>
            {translate('resources.enroll_statis.counts_note')}
          </Typography>
          <ChartOfThePage />
        </>
      }
      cardTitleLines={2}
      recordActions={(record) => <ShowEnrollments record={record} />}
    />
  );
}
