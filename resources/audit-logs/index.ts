import HistoryIcon from '@mui/icons-material/History';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import { lazyScreen } from '../../src/lazyScreen';
import type { ConsoleResource } from '../../src/resource';

const { auditLog } = places;

const AuditLogList = lazyScreen(() => import('./AuditLogList'), (module) => module.AuditLogList);

/** `/audit_log`: the audit trail, read only (nobody writes it but the server). */
const auditLogs: ConsoleResource = {
  name: auditLog.resource,
  firstPage: { sort: openingSort(auditLog) },
  icon: HistoryIcon,
  privileges: { read: auditLog.privileges.read },
  endpoints: placeEndpoints(auditLog),
  list: AuditLogList,
  recordRepresentation: auditLog.titleField,
};

export default auditLogs;
