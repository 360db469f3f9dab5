import ClassIcon from '@mui/icons-material/Class';
import { course } from '../../schema/course';
import { restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';
import { CourseCreate, CourseEdit } from './CourseForm';
import { CourseList } from './CourseList';

/** /course, /course/create and /course/edit/{id}; the chapter screens add their routes under /course/{id}/chapter. */
const courses: ConsoleResource = {
  name: course.resource,
  icon: ClassIcon,
  privileges: course.privileges,
  endpoints: restEndpoints(course.api, course.idKey, course.listApi),
  list: CourseList,
  create: CourseCreate,
  edit: CourseEdit,
  recordRepresentation: course.titleField,
};

export default courses;
