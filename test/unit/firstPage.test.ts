import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { DataProvider } from 'react-admin';
import { fetchFirstPage, firstPageStaleTime, openingSort } from '../../src/firstPage';

/** A data provider answering getList from a list kept here, counting its calls. */
function counting(answer: () => Promise<{ data: { id: number }[]; total: number }>) {
  const calls: unknown[] = [];
  const provider = { getList: (_resource: string, params: unknown) => (calls.push(params), answer()) } as unknown as DataProvider;
  return { provider, calls };
}

const key = (perPage: number) => ['course', 'getList', { pagination: { page: 1, perPage }, sort: { field: 'id', order: 'DESC' }, filter: {} }];

/** The list's query as react-admin's useGetList makes it, with the lists' staleTime: is it fetched again on mount? */
function mountsFetching(client: QueryClient, queryKey: unknown[]) {
  const observer = new QueryObserver(client, { queryKey, queryFn: () => Promise.resolve('asked again'), staleTime: firstPageStaleTime });
  return observer.getOptimisticResult(client.defaultQueryOptions(observer.options)).isStale;
}

describe('a first page asked for as the visit starts', () => {
  it('is asked once, under the key the list uses, and the list mounting takes it as fresh', async () => {
    const client = new QueryClient();
    const { provider, calls } = counting(() => Promise.resolve({ data: [{ id: 1 }], total: 1 }));
    fetchFirstPage(client, provider, 'course', { sort: openingSort({ defaultSort: { field: 'id', order: 'desc' } }) }, 10);
    expect(calls).toEqual([{ pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(key(10))).toEqual({ data: [{ id: 1 }], total: 1, pageInfo: undefined, meta: undefined });
    expect(mountsFetching(client, key(10))).toBe(false);
    // Another page size is another key: never read, the list asks.
    expect(client.getQueryData(key(20))).toBeUndefined();
  });

  it('is stale at once once answered again, as react-admin has every other answer', async () => {
    const client = new QueryClient();
    const { provider } = counting(() => Promise.resolve({ data: [{ id: 1 }], total: 1 }));
    fetchFirstPage(client, provider, 'course', { sort: { field: 'id', order: 'DESC' } }, 10);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await client.refetchQueries({ queryKey: key(10) });
    expect(mountsFetching(client, key(10))).toBe(true);
  });

  it('is stale once answered again within the same millisecond', async () => {
    // Both answers carry the same time: the suite once answered twice within a millisecond.
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      const client = new QueryClient();
      const { provider } = counting(() => Promise.resolve({ data: [{ id: 1 }], total: 1 }));
      fetchFirstPage(client, provider, 'course', { sort: { field: 'id', order: 'DESC' } }, 10);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(mountsFetching(client, key(10))).toBe(false);
      await client.refetchQueries({ queryKey: key(10) });
      expect(client.getQueryState(key(10))?.dataUpdatedAt).toBe(1_800_000_000_000);
      expect(mountsFetching(client, key(10))).toBe(true);
    } finally {
      now.mockRestore();
    }
  });

  it('that failed leaves the list to ask again (a session that expired signs out as before)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { provider } = counting(() => Promise.reject(new Error('401')));
    fetchFirstPage(client, provider, 'course', { sort: { field: 'id', order: 'DESC' } }, 10);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryState(key(10))?.status).toBe('error');
    expect(mountsFetching(client, key(10))).toBe(true);
  });
});
