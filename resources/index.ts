import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CollectionsIcon from '@mui/icons-material/Collections';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import GroupIcon from '@mui/icons-material/Group';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import SchoolIcon from '@mui/icons-material/School';
import type { MenuGroup } from '../src/layout/menu';
import type { ConsoleResource } from '../src/resource';
import auditLogs from './audit-logs';
import carouselGroups from './carousel-groups';
import carousels from './carousels';
import categories from './categories';
import { chapterRoutes } from './chapters';
import courses from './courses';
import dashboard from './dashboard';
import mailOutbox from './mail-outbox';
import { enrollmentDetails, enrollmentStatistics } from './enrollments';
import series, { seriesCourses } from './series';
import teachers from './teachers';
import tenants from './tenants';
import userAudits from './user-audits';
import users from './users';
import videos from './videos';
import vouchers from './vouchers';

/**
 * Every resource of the console, in menu order (the first one the user may open is where `/` leads:
 * /course for operators).
 */
export const resources: ConsoleResource[] = [
  { ...courses, routes: chapterRoutes },
  categories,
  series,
  seriesCourses,
  tenants,
  users,
  userAudits,
  teachers,
  videos,
  enrollmentStatistics,
  enrollmentDetails,
  dashboard,
  vouchers,
  mailOutbox,
  carousels,
  carouselGroups,
  auditLogs,
];

/** SPEC.md's side menu. */
export const menuGroups: MenuGroup[] = [
  { key: 'dashboard', label: 'app.menu.dashboard', icon: DashboardIcon, entries: [{ resource: 'dashboard', label: 'app.menu.dashboard' }] },
  {
    key: 'course_management',
    label: 'app.menu.course_management',
    icon: MenuBookIcon,
    entries: [
      { resource: 'course', label: 'app.menu.all_courses' },
      { resource: 'course_category', label: 'app.menu.categories' },
    ],
  },
  { key: 'series_management', label: 'app.menu.series_management', icon: LibraryBooksIcon, entries: [{ resource: 'series', label: 'app.menu.series' }] },
  {
    key: 'user_management',
    label: 'app.menu.user_management',
    icon: GroupIcon,
    entries: [
      { resource: 'tenant', label: 'app.menu.tenants' },
      { resource: 'user', label: 'app.menu.users' },
      { resource: 'user_audit', label: 'app.menu.user_audit' },
    ],
  },
  {
    key: 'teacher_management',
    label: 'app.menu.teacher_management',
    icon: SchoolIcon,
    entries: [
      { resource: 'teacher', label: 'app.menu.teachers' },
      { resource: 'teacher', label: 'app.menu.create_teacher', action: 'create' },
    ],
  },
  { key: 'video_management', label: 'app.menu.video_management', icon: OndemandVideoIcon, entries: [{ resource: 'video', label: 'app.menu.video_preview' }] },
  {
    key: 'enrollment_management',
    label: 'app.menu.enrollment_management',
    icon: AssignmentIcon,
    entries: [
      { resource: 'enroll_statis', label: 'app.menu.enroll_statis' },
      { resource: 'enroll_detail', label: 'app.menu.enroll_detail' },
    ],
  },
  {
    key: 'voucher_management',
    label: 'app.menu.voucher_management',
    icon: ConfirmationNumberIcon,
    entries: [
      { resource: 'voucher', label: 'app.menu.vouchers' },
      { resource: 'voucher', label: 'app.menu.create_voucher', action: 'create' },
      { resource: 'mail_outbox', label: 'app.menu.mail_outbox' },
    ],
  },
  {
    key: 'carousel_management',
    label: 'app.menu.carousel_management',
    icon: CollectionsIcon,
    entries: [
      { resource: 'carousel', label: 'app.menu.carousels' },
      { resource: 'carousel_group', label: 'app.menu.carousel_groups' },
    ],
  },
  // For administrators: a tenant administrator reads the own organisation's trail.
  { key: 'administration', label: 'app.menu.administration', icon: AdminPanelSettingsIcon, entries: [{ resource: 'audit_log', label: 'app.menu.audit_log' }] },
];
