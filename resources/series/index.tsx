import ClassIcon from '@mui/icons-material/Class';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import { Route } from 'react-router-dom';
import { course } from '../../schema/course';
import { series as seriesEntity } from '../../schema/series';
import { restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';
import { seriesCourseCalls } from './seriesAddresses';
import { SERIES_COURSE } from './SeriesCourseList';
import { SeriesDetailPage, SeriesCoursesPage } from './SeriesDetail';
import { SeriesCreate, SeriesEdit } from './SeriesForm';
import { SeriesList } from './SeriesList';

/** /series, /series/create, /series/edit/{id}, and beside them /series/{id}/detail and /series/{id}/course. */
const series: ConsoleResource = {
  name: seriesEntity.resource,
  icon: LibraryBooksIcon,
  privileges: { ...seriesEntity.privileges, actions: { publish: 'series:publish' } },
  endpoints: restEndpoints(seriesEntity.api, seriesEntity.idKey, seriesEntity.listApi),
  list: SeriesList,
  create: SeriesCreate,
  edit: SeriesEdit,
  recordRepresentation: seriesEntity.titleField,
  routes: (
    <>
      <Route path=":id/detail" element={<SeriesDetailPage />} />
      <Route path=":id/course" element={<SeriesCoursesPage />} />
    </>
  ),
};

/**
 * A series' courses, read inside the series screens only (no list of their own): courses, listed at
 * the series' address. Adding and removing them are the series' calls (seriesCourseCalls).
 */
export const seriesCourses: ConsoleResource = {
  name: SERIES_COURSE,
  icon: ClassIcon,
  privileges: { read: seriesEntity.privileges.read },
  endpoints: restEndpoints(course.api, course.idKey, seriesCourseCalls.list),
};

export default series;
