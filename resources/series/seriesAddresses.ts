import type { Identifier } from 'react-admin';
import { places } from '../../schema/places';

const { series } = places;

/** A series' courses, read as a resource of their own inside the series screens. */
export const SERIES_COURSE = 'series_course';

const one = (id: Identifier) => `/${series.resource}/${encodeURIComponent(String(id))}`;

/** SPEC.md's series screens beside the list and the form. */
export const seriesAddresses = {
  detail: (id: Identifier) => `${one(id)}/detail`,
  courses: (id: Identifier) => `${one(id)}/course`,
};

/** The calls on a series' courses (SPEC.md section 7): add several, remove one. */
export const seriesCourseCalls = {
  add: (id: Identifier) => `${series.api}/${encodeURIComponent(String(id))}/courses`,
  remove: (id: Identifier, courseId: Identifier) => `${series.api}/${encodeURIComponent(String(id))}/courses/${encodeURIComponent(String(courseId))}`,
  /** The list, read as the `series_course` resource: the series is its filter. */
  list: '/api/v1/series/{series_id}/courses',
};
