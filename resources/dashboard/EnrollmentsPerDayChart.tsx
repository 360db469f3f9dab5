import { Box, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DashboardFigures } from '../../schema/dashboard';
import { formatCount } from '../../src/fields/format';

/** The enrolments made each of the last 30 days, oldest first. Loaded lazily: the chart library is not in the first download. */
export default function EnrollmentsPerDayChart({ days }: { days: DashboardFigures['enrollments_per_day'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const title = translate('resources.dashboard.chart.title');
  // A day as its calendar there reads it: the day is already the caller's, so it is shown in UTC, unchanged.
  const dayLabel = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  return (
    <Box component="figure" aria-label={title} data-testid="dashboard-chart" sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <BarChart
        height={280}
        xAxis={[{ scaleType: 'band', data: days.map((day) => day.day), valueFormatter: (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`)) }]}
        yAxis={[{ min: 0, tickMinStep: 1, valueFormatter: (value: number) => formatCount(value, locale) }]}
        series={[
          {
            data: days.map((day) => day.count),
            color: theme.palette.primary.main,
            label: translate('resources.dashboard.enrollments'),
            valueFormatter: (value) => (value === null ? '' : formatCount(value, locale)),
          },
        ]}
        hideLegend
      />
    </Box>
  );
}
