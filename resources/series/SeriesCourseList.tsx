import AddIcon from '@mui/icons-material/Add';
import ClassIcon from '@mui/icons-material/Class';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Stack, Typography, Button } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  ReferenceManyField,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useCanAccessNow } from '../../src/useCanAccessNow';
import { series } from '../../schema/series';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { ClampedText } from '../../src/list/ClampedText';
import { ConfirmButton } from '../../src/list/ConfirmButton';
import { RowNumber } from '../../src/list/ConsoleList';
import { ListPagination, usePageSize } from '../../src/list/ListPagination';
import { useStepBack } from '../../src/list/useStepBack';
import { RecordPicker } from '../../src/pickers/RecordPicker';
import { coursePicker } from '../../src/pickers/pickers';
import { fileUrl } from '../../src/upload/uploadFile';
import { usePriceColumn } from '../courses/coursePrice';
import { SERIES_COURSE, seriesCourseCalls } from './seriesAddresses';

/** The records of a series' course list, read through `GET /api/v1/series/{id}/courses`. */

// The series' own order: the list has no sort of its own.
const seriesOrder = { field: '', order: 'ASC' as const };
const texts = `resources.${series.resource}.courses`;

/**
 * A series' courses in its order, a page at a time, each with its cover, category and price: add
 * several at once through the course picker, remove one after a confirmation. The series detail and
 * /series/{id}/course both show it.
 */
export function SeriesCourseList({ record }: { record: RaRecord }) {
  const [pageSize] = usePageSize();
  const notify = useNotify();
  return (
    <ReferenceManyField
      record={record}
      reference={SERIES_COURSE}
      target="series_id"
      perPage={pageSize}
      sort={seriesOrder}
      pagination={<ListPagination />}
      queryOptions={{ onError: (error: Error) => notify(error?.message || 'app.list.load_failed', { type: 'error' }) }}
    >
      <CourseToolbar seriesId={record.id} />
      <CourseTable seriesId={record.id} />
    </ReferenceManyField>
  );
}

/** Whoever may change the series may add and remove its courses. */
const useCanChange = () => useCanAccessNow({ resource: series.resource, action: 'edit' });

/** 'Add courses' (the course picker, several at once) and refresh. */
function CourseToolbar({ seriesId }: { seriesId: Identifier }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { refetch } = useListContext();
  const canChange = useCanChange();
  const [picking, setPicking] = useState(false);

  const add = async (courses: RaRecord[]) => {
    setPicking(false);
    try {
      const { added } = await dataProvider.send<{ added: number; total: number }>(seriesCourseCalls.add(seriesId), {
        method: 'POST',
        body: courses.map((course) => course.id),
      });
      // Courses already in the series are passed over: say so rather than claim them added.
      if (added === 0) notify(`${texts}.none_added`, { type: 'info' });
      else notify(`${texts}.added`, { type: 'success', messageArgs: { smart_count: added } });
      await refetch();
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.operation_failed', { type: 'error' });
    }
  };

  return (
    <Stack direction="row" sx={{ gap: 1, my: 1, flexWrap: 'wrap' }}>
      {canChange && (
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setPicking(true)}>
          {translate(`${texts}.add`)}
        </Button>
      )}
      <Button size="small" startIcon={<RefreshIcon />} onClick={() => refetch()}>
        {translate('app.list.refresh')}
      </Button>
      {picking && <RecordPicker picker={coursePicker} multiple onConfirm={add} onClose={() => setPicking(false)} />}
    </Stack>
  );
}

/** The cover and the title side by side; a long title takes two lines, then the table scrolls in its box. */
function CourseTitle({ record }: { record: RaRecord }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: '12em' }}>
      {/* On a phone the title takes the room. */}
      <Box sx={{ width: 64, flex: 'none', aspectRatio: '16 / 9', bgcolor: 'action.hover', borderRadius: 0.5, overflow: 'hidden', display: { xs: 'none', sm: 'flex' }, alignItems: 'center', justifyContent: 'center' }}>
        {record.cover ? (
          <Box component="img" src={fileUrl(String(record.cover))} alt="" loading="lazy" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
        ) : (
          <ClassIcon fontSize="small" color="disabled" />
        )}
      </Box>
      <ClampedText title={String(record.title)} lines={2} />
    </Box>
  );
}

function CourseTable({ seriesId }: { seriesId: Identifier }) {
  const translate = useTranslate();
  const canChange = useCanChange();
  const price = usePriceColumn();
  const label = (name: string) => translate(`resources.${SERIES_COURSE}.fields.${name}`);
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
      empty={
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" data-testid="no-series-courses">
          {translate(`${texts}.empty`)}
        </Typography>
      }
    >
      <DataTable.Col label={translate('app.list.index')} disableSort render={() => <RowNumber />} />
      <DataTable.Col label={label('title')} disableSort render={(record: RaRecord) => <CourseTitle record={record} />} />
      <DataTable.Col
        label={label('category_id')}
        disableSort
        render={(record: RaRecord) => <ClampedText title={String((record.category as { title?: string } | null)?.title ?? '—')} lines={2} minWidth="6em" />}
      />
      <DataTable.Col label={label('price')} disableSort render={(record: RaRecord) => price.text!(record)} sx={{ whiteSpace: 'nowrap' }} />
      {canChange && <DataTable.Col label={translate('app.list.actions')} disableSort render={(record: RaRecord) => <RemoveCourseButton seriesId={seriesId} course={record} />} />}
    </DataTable>
  );
}

/** Takes one course out of the series (the course itself stays), after a confirmation naming it. */
function RemoveCourseButton({ seriesId, course }: { seriesId: Identifier; course: RaRecord }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { refetch } = useListContext();
  const stepBack = useStepBack();
  const [pending, setPending] = useState(false);
  return (
    <ConfirmButton
      label={`${texts}.remove`}
      icon={<RemoveIcon />}
      color="error"
      content={`${texts}.remove_confirm`}
      translateOptions={{ title: course.title }}
      pending={pending}
      successMessage={`${texts}.removed`}
      failureMessage="app.notification.operation_failed"
      run={({ onSuccess, onError }) => {
        setPending(true);
        dataProvider
          .send(seriesCourseCalls.remove(seriesId, course.id), { method: 'POST' })
          .then(onSuccess, onError)
          .finally(() => setPending(false));
      }}
      after={() => {
        stepBack(1);
        void refetch();
      }}
    />
  );
}
