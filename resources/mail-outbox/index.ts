import OutboxIcon from '@mui/icons-material/Outbox';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import { lazyScreen } from '../../src/lazyScreen';
import type { ConsoleResource } from '../../src/resource';

const { mailOutbox } = places;

const MailOutboxList = lazyScreen(() => import('./MailOutboxList'), (module) => module.MailOutboxList);

/** /mail_outbox: what was sent, what waits and what failed and why; nobody writes or deletes mail here, it is only sent again. */
const mailOutboxResource: ConsoleResource = {
  name: mailOutbox.resource,
  firstPage: { sort: openingSort(mailOutbox) },
  icon: OutboxIcon,
  privileges: { read: mailOutbox.privileges.read, actions: { resend: mailOutbox.privileges.write } },
  endpoints: placeEndpoints(mailOutbox),
  list: MailOutboxList,
  recordRepresentation: mailOutbox.titleField,
};

export default mailOutboxResource;
