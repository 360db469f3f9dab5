import { course } from '../../schema/course';
import { series } from '../../schema/series';
import { teacher } from '../../schema/teacher';
import { tenant } from '../../schema/tenant';
import { user } from '../../schema/user';
import { video } from '../../schema/video';
import { entityColumns } from '../list/entityColumns';
import { definePicker } from './definePicker';

/** The course picker (series, vouchers, carousels): title and category. */
export const coursePicker = definePicker(course, entityColumns(course, 'list', ['title', 'category_id']));

/** The series picker (vouchers for a series): title and category, searched by title (`word`). */
export const seriesPicker = definePicker(series, entityColumns(series, 'list', ['title', 'category_id']));

/** The teacher picker (a course's main teachers): name and job title. */
export const teacherPicker = definePicker(teacher, entityColumns(teacher, 'list', ['name', 'title']));

/** The video picker (a section's video): title and how many versions it has. */
export const videoPicker = definePicker(video, [...entityColumns(video, 'list', ['title']), { source: 'version_count' }]);

/** The tenant picker (vouchers for an organisation, the user list's filter): name and code. */
export const tenantPicker = definePicker(tenant, entityColumns(tenant, 'list', ['display_name', 'name']));

/** The user picker (vouchers for one user): username, real name and organisation. */
export const userPicker = definePicker(user, entityColumns(user, 'list', ['user_name', 'real_name', 'tenant_id']));
