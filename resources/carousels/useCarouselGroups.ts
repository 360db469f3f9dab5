import { useGetList, useStore, type RaRecord } from 'react-admin';
import { carouselGroup } from '../../schema/carouselGroup';

/**
 * A site has a handful of carousel groups (one per place banners show), so one page of the most
 * the API gives holds them all.
 */
const ALL_GROUPS = { page: 1, perPage: 100 };
/** The first group is the oldest: a new group never changes which one the list opens on. */
const OLDEST_FIRST = { field: 'id', order: 'ASC' as const };

/** The group the carousel list showed last, remembered in the Store. */
export const useShownGroup = () => useStore<number | undefined>('carousel.group');

/**
 * The carousel groups, oldest first, and the group the carousel list opens on: the one it showed
 * last when that group still exists, else the first.
 */
export function useCarouselGroups() {
  const { data: groups = [], isPending, error, refetch } = useGetList<RaRecord>(carouselGroup.resource, { pagination: ALL_GROUPS, sort: OLDEST_FIRST });
  const [shown] = useShownGroup();
  const opening = groups.find((group) => String(group.id) === String(shown)) ?? groups[0];
  return { groups, opening, isPending, error, refetch };
}
