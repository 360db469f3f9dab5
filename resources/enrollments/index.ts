import AssignmentIcon from '@mui/icons-material/Assignment';
import BarChartIcon from '@mui/icons-material/BarChart';
import type { RaRecord } from 'react-admin';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints, restEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';

const { enrollment } = places;

const EnrollmentList = lazyScreen(() => import('./EnrollmentList'), (module) => module.EnrollmentList);
const EnrollmentStatisticList = lazyScreen(() => import('./EnrollmentStatisticList'), (module) => module.EnrollmentStatisticList);

/**
 * SPEC.md's two enrolment screens. Nobody creates, edits or deletes an enrolment here (a voucher's
 * redemption makes it): the statistic is read, the details are enabled or disabled.
 */
export const enrollmentStatistics: ConsoleResource = {
  name: 'enroll_statis',
  icon: BarChartIcon,
  privileges: { read: enrollment.privileges.read },
  // A row is a course and its count: its id is the course's.
  endpoints: { ...restEndpoints('/api/v1/enrollments/statistic'), idOf: (record) => (record.target as { id: number }).id },
  list: EnrollmentStatisticList,
  recordRepresentation: (record: RaRecord) => String(record.target?.title ?? ''),
};

export const enrollmentDetails: ConsoleResource = {
  name: enrollment.resource,
  firstPage: { sort: openingSort(enrollment) },
  icon: AssignmentIcon,
  privileges: { read: enrollment.privileges.read, actions: { status: enrollment.privileges.write } },
  endpoints: placeEndpoints(enrollment),
  list: EnrollmentList,
  recordRepresentation: (record: RaRecord) => String(record.target_title ?? ''),
};
