import HowToRegIcon from '@mui/icons-material/HowToReg';
import { places } from '../../schema/places';
import { placeEndpoints } from '../../src/dataProvider';
import { openingSort } from '../../src/firstPage';
import { lazyScreen } from '../../src/lazyScreen';
import type { ConsoleResource } from '../../src/resource';

const { transferApplication } = places;

const TransferApplicationList = lazyScreen(() => import('./TransferApplicationList'), (module) => module.TransferApplicationList);

const userAudits: ConsoleResource = {
  name: transferApplication.resource,
  icon: HowToRegIcon,
  // Nobody creates, edits or deletes an application here: it is only decided.
  privileges: { read: transferApplication.privileges.read, actions: { decide: transferApplication.privileges.write } },
  endpoints: placeEndpoints(transferApplication),
  list: TransferApplicationList,
  // An auditor comes for what waits for a decision: the pending ones first (the filter can be cleared).
  firstPage: { sort: openingSort(transferApplication), filter: { status: 'pending' } },
  recordRepresentation: 'user_name',
};

export default userAudits;
