import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetOne, useLocaleState, useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { series } from '../../schema/series';
import { formatDateTime, formatMoney } from '../../src/fields/format';
import { isMissing } from '../../src/forms/EntityForms';
import { NotFound } from '../../src/pages/NotFound';
import { coursePrice } from '../courses/coursePrice';
import { seriesAddresses } from './seriesAddresses';
import { SeriesCourseList } from './SeriesCourseList';
import { statusKey } from './PublishSwitch';
import { StateChip } from '../../src/fields/StateChip';

const texts = `resources.${series.resource}`;

/**
 * The series of the address. An unknown id is the not-found page; any other failure to load says
 * the server's reason and goes back to the list.
 */
function useRouteSeries() {
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  return useGetOne<RaRecord>(
    series.resource,
    { id: id ?? '' },
    {
      retry: false,
      onError: (error: Error) => {
        if (isMissing(error)) return;
        notify(error?.message || 'app.list.load_failed', { type: 'error' });
        redirect('list', series.resource);
      },
    },
  );
}

/** The screen's heading with the way back to the series list, and what else it offers. */
function Heading({ title, children }: { title: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}>
      <IconButton component={RouterLink} to={`/${series.resource}`} aria-label={translate(`${texts}.back`)}>
        <ArrowBackIcon />
      </IconButton>
      {/* Kept whole on a phone: what sits beside it moves to the next line instead. */}
      <Typography variant="h5" component="h2" sx={{ flex: '1 0 auto', maxWidth: 'calc(100% - 56px)' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One labelled value; on a phone the label goes above it. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 0.25, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** SPEC.md's read-only details: title, category, suit crowds, price, original price, status, create date. */
function SeriesDetails({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const field = (name: string) => translate(`${texts}.fields.${name}`);
  const originalPrice = typeof record.original_price === 'number' && record.original_price > 0 ? formatMoney(record.original_price, locale) : '—';
  return (
    <Paper variant="outlined" component="dl" data-testid="series-details" sx={{ m: 0, px: 2, py: 1 }}>
      <Detail label={field('title')}>{String(record.title)}</Detail>
      <Detail label={field('category_id')}>{String(record.category_names || '—')}</Detail>
      <Detail label={field('suit_crowds')}>{String(record.suit_crowds || '—')}</Detail>
      <Detail label={field('price')}>{coursePrice(record.price, locale, translate('resources.course.free'))}</Detail>
      <Detail label={field('original_price')}>{originalPrice}</Detail>
      <Detail label={field('available')}>
        <StateChip on={Boolean(record.available)} label={translate(statusKey(record))} />
      </Detail>
      <Detail label={field('create_at')}>{typeof record.create_at === 'number' ? formatDateTime(record.create_at) : '—'}</Detail>
    </Paper>
  );
}

/** /series/{id}/detail: the series' details, then its courses (add, remove). */
export function SeriesDetailPage() {
  const translate = useTranslate();
  const { data: record, error } = useRouteSeries();
  const canEdit = useCanAccessNow({ resource: series.resource, action: 'edit' });
  if (isMissing(error)) return <NotFound />;
  return (
    <Box sx={{ pb: 3 }}>
      <Heading title={translate(`${texts}.detail.heading`)}>
        {record && canEdit && (
          <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={`/${series.resource}/edit/${encodeURIComponent(String(record.id))}`}>
            {translate('ra.action.edit')}
          </Button>
        )}
      </Heading>
      {record && (
        <>
          <SeriesDetails record={record} />
          <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
            {translate(`${texts}.detail.courses`)}
          </Typography>
          <SeriesCourseList record={record} />
        </>
      )}
    </Box>
  );
}

/** /series/{id}/course: the series' course list, under the series' name and category. */
export function SeriesCoursesPage() {
  const translate = useTranslate();
  const { data: record, error } = useRouteSeries();
  if (isMissing(error)) return <NotFound />;
  return (
    <Box sx={{ pb: 3 }}>
      <Heading title={translate(`${texts}.courses.heading`)}>
        {record && (
          <Button size="small" startIcon={<ListAltIcon />} component={RouterLink} to={seriesAddresses.detail(record.id)}>
            {translate(`${texts}.detail.heading`)}
          </Button>
        )}
      </Heading>
      {record && (
        <>
          <Typography color="text.secondary" data-testid="series-line" sx={{ pl: { sm: 6 }, overflowWrap: 'anywhere' }}>
            {translate(`${texts}.courses.series_line`, { series: record.title, category: record.category_names || '—' })}
          </Typography>
          <SeriesCourseList record={record} />
        </>
      )}
    </Box>
  );
}
