import PeopleIcon from '@mui/icons-material/People';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import { lazyScreen } from '../../src/lazyScreen';
import type { ConsoleResource } from '../../src/resource';

const { user } = places;

const UserList = lazyScreen(() => import('./UserList'), (module) => module.UserList);

const users: ConsoleResource = {
  name: user.resource,
  firstPage: { sort: openingSort(user) },
  icon: PeopleIcon,
  privileges: user.privileges,
  endpoints: placeEndpoints(user),
  list: UserList,
  recordRepresentation: user.titleField,
  recordAccess: (action, record, selfId) => !(action === 'delete' && String(record.user_id) === selfId),
};

export default users;
