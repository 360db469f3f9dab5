import type { DataProvider, Identifier, RaRecord, SortPayload } from 'react-admin';
import type { Place } from '../schema/places';
import { asPage } from './envelope';
import { request, requestFile, type QueryValue, type RequestOptions } from './http';
import { userTimeZone } from './timeZone';

/** Where a resource lives on the server and what its records call their identifier. */
export interface Endpoints {
  /** May name a filter in braces (`/api/v1/series/{series_id}/courses`): its value goes into the path. */
  list: string;
  create: string;
  one: (id: Identifier) => string;
  idKey: string;
  /** A record's id when no field of its own is one (a statistic row is its course's: `target.id`). */
  idOf?: (record: Record<string, unknown>) => Identifier;
}

export const restEndpoints = (api: string, idKey = 'id', list = api, create = api): Endpoints => ({
  list,
  create,
  one: (id) => `${api}/${encodeURIComponent(String(id))}`,
  idKey,
});

/** An entity's endpoints from its place (schema/places.ts). */
export const placeEndpoints = (place: Place) => restEndpoints(place.api, place.idKey, place.listApi, place.createApi);

/** A list address with the filters it names filled in, and the filters left for the query. */
export function listAddress(template: string, filter: Record<string, QueryValue>): { path: string; query: Record<string, QueryValue> } {
  const query = { ...filter };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = query[name];
    if (value === undefined || value === null || value === '' || Array.isArray(value)) throw new Error(`the list address ${template} needs the filter "${name}"`);
    delete query[name];
    return encodeURIComponent(String(value));
  });
  return { path, query };
}

export interface ConsoleDataProvider extends DataProvider {
  /** Any other call of the contract, through the same client (so a 401 signs out, errors show alike). */
  send<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** The whole list of these filters and sort as CSV (every page), and the name the server gives the file. */
  exportCsv(resource: string, params: { filter: Record<string, unknown>; sort?: SortPayload }): Promise<{ file: Blob; name: string }>;
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*` when there is one. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** Records carry the wire's key names; react-admin also needs `id`. */
const withId = ({ idKey, idOf }: Endpoints) => (record: Record<string, unknown>) => ({ ...record, id: idOf ? idOf(record) : record[idKey] }) as RaRecord;

/** The body sent back: the wire fields only, without react-admin's `id` when the wire key differs. */
function toWire(data: Record<string, unknown>, idKey: string): Record<string, unknown> {
  const { id, ...rest } = data;
  return idKey === 'id' ? rest : { ...rest, [idKey]: rest[idKey] ?? id };
}

export function createDataProvider(endpointsOf: (resource: string) => Endpoints): ConsoleDataProvider {
  const send = async <T,>(path: string, options?: RequestOptions) => (await request<T>(path, options)).data;

  const getOne = async (resource: string, id: Identifier, signal?: AbortSignal) => {
    const endpoints = endpointsOf(resource);
    return withId(endpoints)(await send<Record<string, unknown>>(endpoints.one(id), { signal }));
  };

  /** A list's address and query: its filters, and its sort as sort_by and order. */
  const listRequest = (resource: string, filter: Record<string, unknown> = {}, sort?: SortPayload) => {
    const { path, query } = listAddress(endpointsOf(resource).list, filter as Record<string, QueryValue>);
    if (sort?.field) {
      query.sort_by = sort.field;
      query.order = sort.order.toLowerCase();
    }
    return { path, query };
  };

  const getList: DataProvider['getList'] = async (resource, params) => {
    const endpoints = endpointsOf(resource);
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    const { path, query: listQuery } = listRequest(resource, params.filter, params.sort);
    const query: Record<string, QueryValue> = { ...listQuery, page, page_size: perPage };
    const { items, total } = asPage<Record<string, unknown>>(await send(path, { query, signal: params.signal }));
    return { data: items.map(withId(endpoints)), total } as never;
  };

  return {
    send,
    getList,
    exportCsv: async (resource, { filter, sort }) => {
      const { path, query } = listRequest(resource, filter, sort);
      // Times in the file read in the user's own time zone, as on the screen.
      const { data, headers } = await requestFile(path, { query: { ...query, time_zone: userTimeZone() }, accept: 'text/csv' });
      return { file: data, name: dispositionFileName(headers.get('content-disposition'), `${resource}.csv`) };
    },
    getOne: async (resource, params) => ({ data: (await getOne(resource, params.id, params.signal)) as never }),
    // One call: the list takes the chosen ids (a page of at most 100 of them).
    getMany: async (resource, params) => {
      const pages = [];
      for (let start = 0; start < params.ids.length; start += 100) {
        const ids = params.ids.slice(start, start + 100);
        pages.push(getList(resource, { filter: { id: ids }, pagination: { page: 1, perPage: ids.length }, sort: { field: 'id', order: 'ASC' }, signal: params.signal }));
      }
      return { data: (await Promise.all(pages)).flatMap((page) => page.data) as never };
    },
    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,
    create: async (resource, params) => {
      const endpoints = endpointsOf(resource);
      const created = await send<Record<string, unknown>>(endpoints.create, { method: 'POST', body: toWire(params.data, endpoints.idKey) });
      return { data: withId(endpoints)(created) as never };
    },
    update: async (resource, params) => {
      const endpoints = endpointsOf(resource);
      const body = toWire(params.data, endpoints.idKey);
      const updated = await send<Record<string, unknown> | null>(endpoints.one(params.id), { method: 'PUT', body });
      return { data: withId(endpoints)(updated ?? { ...params.data, [endpoints.idKey]: params.id }) as never };
    },
    updateMany: async (resource, params) => {
      const endpoints = endpointsOf(resource);
      for (const id of params.ids) await send(endpoints.one(id), { method: 'PUT', body: params.data });
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      await send(endpointsOf(resource).one(params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    // One at a time, so a failure stops the batch at a known place instead of racing the others.
    deleteMany: async (resource, params) => {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await send(endpointsOf(resource).one(id), { method: 'DELETE' });
        done.push(id);
      }
      return { data: done };
    },
  };
}
