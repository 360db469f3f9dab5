import DashboardIcon from '@mui/icons-material/Dashboard';
import { screens } from '../../schema/places';
import { lazyScreen } from '../../src/lazyScreen';
import type { ConsoleResource } from '../../src/resource';

const { dashboard: place } = screens;

/** /dashboard: every administrator's figures, each of its own scope (GET /api/v1/dashboard). Its "list" is the page. */
const dashboard: ConsoleResource = {
  name: place.resource,
  icon: DashboardIcon,
  privileges: place.privileges,
  list: lazyScreen(() => import('./Dashboard'), (module) => module.Dashboard),
};

export default dashboard;
