import { useGetList, useGetMany, useStore, type RaRecord } from 'react-admin';
import { carouselGroup } from '../../schema/carouselGroup';
import { OLDEST_FIRST } from './CarouselGroupInput';

/** The group the carousel list showed last, remembered in the Store. */
export const useShownGroup = () => useStore<number | undefined>('carousel.group');

/** The groups among `ids` that exist (read by id, whatever their number), and whether the read is done. */
export function useExistingGroups(ids: unknown[]) {
  const wanted = ids.filter((id) => id !== undefined && id !== null && id !== '') as (string | number)[];
  const { data = [], isPending, error } = useGetMany<RaRecord>(carouselGroup.resource, { ids: wanted }, { enabled: wanted.length > 0 });
  return { groups: wanted.length > 0 ? data : [], isPending: wanted.length > 0 && isPending, error };
}

/**
 * The group the carousel list opens on: the one it showed last when that group still exists, else
 * the oldest. Reads one page of one group and the remembered one, however many groups there are.
 */
export function useCarouselGroups() {
  const oldest = useGetList<RaRecord>(carouselGroup.resource, { pagination: { page: 1, perPage: 1 }, sort: OLDEST_FIRST });
  const [shown] = useShownGroup();
  const remembered = useExistingGroups([shown]);
  const opening = remembered.groups[0] ?? oldest.data?.[0];
  return { opening, isPending: oldest.isPending || remembered.isPending, error: oldest.error, refetch: oldest.refetch };
}
