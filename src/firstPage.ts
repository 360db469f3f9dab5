import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import type { DataProvider, FilterPayload, GetListParams, GetListResult, SortPayload } from 'react-admin';
import type { Place } from '../schema/places';

/** The page a list opens at when its address carries no parameters: page 1 in this order, with these filters. */
export interface FirstPage {
  sort: SortPayload;
  filter?: FilterPayload;
}

/** A place's opening order as react-admin spells it. */
export const openingSort = ({ defaultSort }: Pick<Place, 'defaultSort'>): SortPayload => ({
  field: defaultSort.field,
  order: defaultSort.order === 'asc' ? 'ASC' : 'DESC',
});

/** How long a first page asked for as the visit started counts as fresh: long enough for the screen to mount. */
const FRESH_MS = 10_000;

/**
 * The query of each first page asked for early, with its answer: when it came, and which of the
 * query's answers it was (an answer again within the same millisecond has the same time).
 */
const earlyAnswers = new Map<string, { at: number; count: number }>();

/**
 * Asks for a list's first page as the visit starts, into react-admin's query cache under the key
 * its useGetList uses, rather than once the app has drawn its first screen: on a cold visit the
 * modules run and the layout draws for 0.3-0.4 s on this 2-core machine before the list asks, and
 * the list's first draw then has its records. A key the list does not ask for is never read, and
 * the list asks as it always did.
 */
export function fetchFirstPage(queryClient: QueryClient, dataProvider: DataProvider, resource: string, page: FirstPage, perPage: number) {
  const params: GetListParams = { pagination: { page: 1, perPage }, sort: page.sort, filter: page.filter ?? {} };
  const queryKey = [resource, 'getList', params];
  void queryClient
    .prefetchQuery({
      queryKey,
      // What useGetList keeps of an answer.
      queryFn: () => dataProvider.getList(resource, params).then(({ data, total, pageInfo, meta }: GetListResult) => ({ data, total, pageInfo, meta })),
    })
    .then(() => {
      const state = queryClient.getQueryState(queryKey);
      if (state?.status === 'success') earlyAnswers.set(hashKey(queryKey), { at: state.dataUpdatedAt, count: state.dataUpdateCount });
    });
}

/**
 * Takes the first page the server drew into the document with the list's first screen
 * (server/firstScreen.ts) into react-admin's query cache, as fresh as a page asked for early:
 * the list then draws it rather than asking for it again. False when the document holds none.
 */
export function takeDrawnFirstPage(queryClient: QueryClient): boolean {
  const element = document.getElementById('first-page');
  if (!element) return false;
  element.remove();
  try {
    const { queryKey, data } = JSON.parse(element.textContent ?? '') as { queryKey: unknown[]; data: unknown };
    queryClient.setQueryData(queryKey, data);
    const state = queryClient.getQueryState(queryKey);
    if (state) earlyAnswers.set(hashKey(queryKey), { at: state.dataUpdatedAt, count: state.dataUpdateCount });
    return true;
  } catch {
    return false;
  }
}

/**
 * The lists' staleTime: the first page asked for as the visit started is fresh while the screen
 * mounts (react-admin would otherwise ask for it a second time at once); any other answer,
 * including a later one for the same page, is stale at once, as react-admin has it.
 */
export function firstPageStaleTime(query: Pick<Query, 'queryHash' | 'state'>): number {
  const early = earlyAnswers.get(query.queryHash);
  return early?.at === query.state.dataUpdatedAt && early.count === query.state.dataUpdateCount ? FRESH_MS : 0;
}
