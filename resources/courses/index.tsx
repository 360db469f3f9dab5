import ClassIcon from '@mui/icons-material/Class';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';

const { course } = places;

const CourseList = lazyScreen(() => import('./CourseList'), (module) => module.CourseList);
const CourseCreate = lazyScreen(() => import('./CourseForm'), (module) => module.CourseCreate);
const CourseEdit = lazyScreen(() => import('./CourseForm'), (module) => module.CourseEdit);

/** /course, /course/create and /course/edit/{id}; the chapter screens add their routes under /course/{id}/chapter. */
const courses: ConsoleResource = {
  name: course.resource,
  firstPage: { sort: openingSort(course) },
  icon: ClassIcon,
  privileges: course.privileges,
  endpoints: placeEndpoints(course),
  list: CourseList,
  create: CourseCreate,
  edit: CourseEdit,
  recordRepresentation: course.titleField,
};

export default courses;
