import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { places } from '../../schema/places';
import { openingSort } from '../../src/firstPage';
import { placeEndpoints } from '../../src/dataProvider';
import type { ConsoleResource } from '../../src/resource';

import { lazyScreen } from '../../src/lazyScreen';

const { voucher } = places;

const VoucherList = lazyScreen(() => import('./VoucherList'), (module) => module.VoucherList);
const VoucherCreate = lazyScreen(() => import('./VoucherForm'), (module) => module.VoucherCreate);
const VoucherEdit = lazyScreen(() => import('./VoucherForm'), (module) => module.VoucherEdit);

/** /voucher, /voucher/create and /voucher/edit/{id}; creates go to SPEC.md's `POST /v1/vouchers/new`. */
const vouchers: ConsoleResource = {
  name: voucher.resource,
  firstPage: { sort: openingSort(voucher) },
  icon: ConfirmationNumberIcon,
  privileges: voucher.privileges,
  endpoints: placeEndpoints(voucher),
  list: VoucherList,
  create: VoucherCreate,
  edit: VoucherEdit,
  recordRepresentation: voucher.titleField,
  // The server refuses both: an abolished voucher is not edited, a redeemed one is abolished rather than deleted.
  recordAccess: (action, record) =>
    (action !== 'edit' || record.available !== false) && (action !== 'delete' || record.available_number === record.count),
};

export default vouchers;
