import { z } from 'zod';
import type { Field } from './fields';
import type { Privilege } from './privileges';

export type Fields = Record<string, Field>;

export interface EntityDefinition<F extends Fields> {
  /** The console resource, which is also its route: /carousel_group. */
  resource: string;
  /** The database table of a simple resource. */
  table: string;
  /** The collection's address: creates go there, a record lives at `${api}/{id}`. */
  api: string;
  /** The list's address when it is not the collection's (SPEC.md's `/v1/teachers/pager`). */
  listApi?: string;
  /** Where creates go when it is not the collection (SPEC.md's `POST /v1/vouchers/new`). */
  createApi?: string;
  /** The wire name of the identifier ('id', 'tenant_id'...). */
  idKey: string;
  /** The field that names a record: the card's title, the link that opens the detail. */
  titleField: keyof F & string;
  /** Fields the text search looks in. */
  keyword: (keyof F & string)[];
  /** The search parameter's name: `keyword`, except where SPEC.md says otherwise (series: `word`). */
  searchParam?: string;
  defaultSort: { field: (keyof F & string) | 'id'; order: 'asc' | 'desc' };
  privileges: { read: Privilege; write: Privilege; delete: Privilege };
  fields: F;
}

/** What a body may carry: every field but the read-only ones. */
type InputShape<F extends Fields> = { [K in keyof F as F[K] extends { readOnly: true } ? never : K]: F[K]['zod'] };

export const sortOrder = z.enum(['asc', 'desc']);

/**
 * A searched text: line feeds separate the fields the search looks in, so none is looked for. The
 * console's search box checks a word with it too, and says why under the field.
 */
export const searchWord = z.string().trim().max(100).transform((word) => word.replace(/[\r\n]+/g, ' ')).optional();

/**
 * page, page_size, sort_by, order, the search word and `id` (a page of chosen records, as
 * react-admin's getMany asks): every list of the product takes these.
 */
export function listQuerySchema<SortKey extends string>(sortKeys: readonly [SortKey, ...SortKey[]], searchParam = 'keyword') {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
    sort_by: z.enum(sortKeys).optional(),
    order: sortOrder.optional(),
    [searchParam]: searchWord,
    id: repeated(z.coerce.number().int().positive().max(2_147_483_647)),
  });
}

/** Array parameters repeat the key (?status=a&status=b); a single one arrives as a plain value. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(100).optional());

function filterSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'enum':
      return repeated(z.enum(field.choices as [string, ...string[]]));
    case 'integer':
    case 'reference':
      return repeated(z.coerce.number().int());
    case 'boolean':
      return z.enum(['true', 'false']).transform((value) => value === 'true').optional();
    default:
      return z.string().trim().max(100).optional();
  }
}

export function defineEntity<const F extends Fields>(definition: EntityDefinition<F>) {
  const { fields, idKey } = definition;
  const names = Object.keys(fields) as (keyof F & string)[];
  const inputNames = names.filter((name) => !fields[name].readOnly) as (keyof F & string)[];
  const shape = Object.fromEntries(inputNames.map((name) => [name, fields[name].zod])) as InputShape<F>;
  const input = z.object(shape);
  // Answers carry each referenced record beside its id, under its own id's name: `category: {id, title}`,
  // `from_tenant: {tenant_id, display_name}`. Lazy, as the target is: two declarations may name each other.
  const referenced = names.flatMap((name) => {
    const field = fields[name];
    if (field.kind !== 'reference') return [];
    const shown = z.lazy(() => z.looseObject({ [field.target().idKey]: z.number().int() }));
    return [[field.as, field.many ? z.array(shown) : shown.nullable()] as const];
  });
  const record = z.object({
    [idKey]: z.number().int(),
    ...Object.fromEntries(names.map((name) => [name, fields[name].output])),
    ...Object.fromEntries(referenced),
  });
  const sortKeys = ['id', ...names.filter((name) => fields[name].sortable)] as [string, ...string[]];
  const filterNames = names.filter((name) => fields[name].filter);
  const uniqueNames = names.filter((name) => fields[name].unique);
  const searchParam = definition.searchParam ?? 'keyword';
  const listQuery = listQuerySchema(sortKeys, searchParam).extend(
    Object.fromEntries(filterNames.map((name) => [name, filterSchema(fields[name])])),
  );
  return {
    ...definition,
    names,
    /** The fields a create or an update may send: all but the read-only ones. */
    inputNames,
    filterNames,
    sortKeys,
    /** Fields no two records may share: each has a unique index, and a duplicate answers 409 naming it. */
    uniqueNames,
    searchParam,
    listApi: definition.listApi ?? definition.api,
    createApi: definition.createApi ?? definition.api,
    /** The body of a create (unknown keys are dropped). */
    input,
    /** The body of an update: the fields it names, each checked as a create would; the others keep their values. */
    patch: input.partial(),
    /** A record as the server answers it. */
    record,
    listQuery,
  };
}

export type Entity<F extends Fields = Fields> = ReturnType<typeof defineEntity<F>>;
export type EntityInput<E extends { input: z.ZodType }> = z.output<E['input']>;
