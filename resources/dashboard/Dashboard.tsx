import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Loading, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { DashboardFigures } from '../../schema/dashboard';
import { screens } from '../../schema/places';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { formatCount } from '../../src/fields/format';
import { userTimeZone } from '../../src/timeZone';

// The chart library in a chunk of its own, fetched with the page's figures.
const EnrollmentsPerDayChart = lazy(() => import('./EnrollmentsPerDayChart'));

function Figure({ label, value, week, testId }: { label: string; value: number; week?: number; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Card variant="outlined" data-testid={testId} component="section" aria-label={label}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" component="h3">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`${testId}-value`}>
          {formatCount(value, locale)}
        </Typography>
        {week !== undefined && (
          <Typography color="text.secondary" data-testid={`${testId}-week`}>
            {translate('resources.dashboard.this_week', { count: formatCount(week, locale) })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The dashboard: the caller's figures (the platform's, or the own organisation's) and the enrolments of the last 30 days. */
export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const timeZone = userTimeZone();
  const { data, error } = useQuery({
    queryKey: ['dashboard', timeZone],
    queryFn: ({ signal }) => dataProvider.send<DashboardFigures>(screens.dashboard.api, { query: { time_zone: timeZone }, signal }),
  });
  const title = translate('resources.dashboard.name');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {/* The screen's heading, as every list draws its own (react-admin's <Title> has no place in this header). */}
      <Typography variant="h5" component="h2" sx={{ mt: 2, mb: 1 }}>
        {title}
      </Typography>
      {error ? (
        <Alert severity="error">{translate('resources.dashboard.error')}</Alert>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', mb: 3 }}>
            <Figure testId="dashboard-courses" label={translate('resources.dashboard.courses')} value={data.courses.total} week={data.courses.week} />
            <Figure testId="dashboard-learners" label={translate('resources.dashboard.learners')} value={data.learners.total} week={data.learners.week} />
            <Figure testId="dashboard-enrollments" label={translate('resources.dashboard.enrollments')} value={data.enrollments.total} week={data.enrollments.week} />
            <Figure testId="dashboard-pending" label={translate('resources.dashboard.pending_applications')} value={data.pending_applications} />
            <Figure testId="dashboard-vouchers" label={translate('resources.dashboard.vouchers_redeemed_week')} value={data.vouchers_redeemed_week} />
          </Box>
          <Suspense fallback={<Typography color="text.secondary">{translate('resources.dashboard.chart.loading')}</Typography>}>
            <EnrollmentsPerDayChart days={data.enrollments_per_day} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
