import { Box, Typography, useMediaQuery, useTheme, type Theme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { formatCount } from '../../src/fields/format';

/** Height of one course's bar and its gap, and of the count axis below them. */
const BAR_ROW_PX = 34;
const AXIS_PX = 56;
/** Room past the longest bar for its count, as a share of the axis. */
const LABEL_ROOM = 1.15;

/**
 * The counts of the statistic's page as horizontal bars, in the list's order (the most enrolled on
 * top). Each bar is named by its course: the title is cut to the axis' width, whole in the tooltip.
 * Loaded lazily, with its own chunk: the chart library is not in the console's first download.
 */
export default function EnrollmentChart() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const phone = useMediaQuery((shown: Theme) => shown.breakpoints.down('sm'));
  const { data = [], isPending } = useListContext();
  // An empty page has nothing to draw: the list below says there is no data.
  if (isPending || data.length === 0) return null;
  const title = translate('resources.enroll_statis.chart.title');
  // Bars are keyed by course id: two courses may share a title.
  const titleOf = new Map(data.map((row) => [String(row.id), String(row.target?.title ?? row.id)]));
  const counts = data.map((row) => Number(row.enrollment_count));
  return (
    <Box component="figure" aria-label={title} data-testid="enrollment-chart" sx={{ m: 0, mb: 2, px: 1, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <BarChart
        layout="horizontal"
        height={data.length * BAR_ROW_PX + AXIS_PX}
        yAxis={[
          {
            scaleType: 'band',
            data: data.map((row) => String(row.id)),
            valueFormatter: (id: string) => titleOf.get(id) ?? id,
            width: phone ? 112 : 260,
          },
        ]}
        xAxis={[{ min: 0, max: Math.max(...counts) * LABEL_ROOM, tickMinStep: 1, valueFormatter: (value: number) => formatCount(value, locale) }]}
        series={[
          {
            data: counts,
            color: theme.palette.primary.main,
            label: translate('resources.enroll_statis.fields.enrollment_count'),
            valueFormatter: (value) => (value === null ? '' : formatCount(value, locale)),
            // Each bar says its count at its end, so a short bar is read without the axis.
            barLabel: 'value',
            barLabelPlacement: 'outside',
          },
        ]}
        hideLegend
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
      />
    </Box>
  );
}
