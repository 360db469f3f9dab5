import ApartmentIcon from '@mui/icons-material/Apartment';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import { lazyScreen } from '../../src/lazyScreen';
import type { ConsoleResource } from '../../src/resource';

const { tenant } = places;

const TenantList = lazyScreen(() => import('./TenantList'), (module) => module.TenantList);

const tenants: ConsoleResource = {
  name: tenant.resource,
  firstPage: { sort: openingSort(tenant) },
  icon: ApartmentIcon,
  privileges: tenant.privileges,
  endpoints: placeEndpoints(tenant),
  list: TenantList,
  recordRepresentation: tenant.titleField,
};

export default tenants;
