import ClassIcon from '@mui/icons-material/Class';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import { Route } from 'react-router-dom';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints, restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';
import { SERIES_COURSE, seriesCourseCalls } from './seriesAddresses';

const { series: seriesEntity, course } = places;

const SeriesList = lazyScreen(() => import('./SeriesList'), (module) => module.SeriesList);
const SeriesCreate = lazyScreen(() => import('./SeriesForm'), (module) => module.SeriesCreate);
const SeriesEdit = lazyScreen(() => import('./SeriesForm'), (module) => module.SeriesEdit);
const SeriesDetailPage = lazyScreen(() => import('./SeriesDetail'), (module) => module.SeriesDetailPage);
const SeriesCoursesPage = lazyScreen(() => import('./SeriesDetail'), (module) => module.SeriesCoursesPage);

/** /series, /series/create, /series/edit/{id}, and beside them /series/{id}/detail and /series/{id}/course. */
const series: ConsoleResource = {
  name: seriesEntity.resource,
  firstPage: { sort: openingSort(seriesEntity) },
  icon: LibraryBooksIcon,
  privileges: seriesEntity.privileges,
  endpoints: placeEndpoints(seriesEntity),
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
