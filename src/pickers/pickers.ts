import { course } from '../../schema/course';
import { teacher } from '../../schema/teacher';
import { video } from '../../schema/video';
import { entityColumns } from '../resource';
import { definePicker } from './definePicker';

/** The course picker (series, vouchers, carousels): title and category. */
export const coursePicker = definePicker(course, entityColumns(course, 'list', ['title', 'category_id']));

/** The teacher picker (a course's main teachers): name and job title. */
export const teacherPicker = definePicker(teacher, entityColumns(teacher, 'list', ['name', 'title']));

/** The video picker (a section's video): title and how many versions it has. */
export const videoPicker = definePicker(video, [...entityColumns(video, 'list', ['title']), { source: 'version_count' }]);
