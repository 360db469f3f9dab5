import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { Entity } from '../schema/entity';
import type { Place } from '../schema/places';
import { placeEndpoints, type Endpoints } from './dataProvider';
import type * as EntityScreens from './entityScreens';
import { lazyScreen } from './lazyScreen';
import { openingSort, type FirstPage } from './firstPage';
import type { FormMode } from './list/ConsoleList';
import type { ListColumn } from './list/columns';
import type { ResourcePrivileges } from './privileges';

/**
 * A console resource, as react-admin's <Resource> takes it (`list`, `create`, `edit`, `show`, `icon`,
 * `recordRepresentation`), plus where it lives on the server and who may use it. App registers the
 * edit view at SPEC.md's /name/edit/:id too.
 */
export interface ConsoleResource {
  name: string;
  icon: ComponentType;
  privileges: ResourcePrivileges;
  /** Absent while the resource has no screens yet. */
  endpoints?: Endpoints;
  /** Absent for records read only inside another resource's screens (a series' courses). */
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string) | ReactElement;
  /** More routes under /name (a tree's /name/create?parent_id=, a video's /name/:id/version). */
  routes?: ReactNode;
  /**
   * The page the list opens at, which the shell asks for as a visit to the list starts
   * (src/firstPage.ts); ConsoleList opens at it. Absent: the list alone asks, once it has drawn.
   */
  firstPage?: FirstPage;
  /**
   * Whether an action the privileges allow applies to this record for the signed-in user (react-admin's
   * canAccess with a record): nobody is offered to delete their own account. The server enforces it too.
   */
  recordAccess?: (action: string, record: Record<string, unknown>, selfId: string) => boolean;
}

export interface EntityResourceOptions {
  icon: ComponentType;
  formMode?: FormMode;
  showIndex?: boolean;
  /** More actions on each record, after edit and delete. */
  recordActions?: (record: RaRecord) => ReactNode;
  /** The form's inputs when the declared ones are not the whole story. */
  inputs?: ReactNode;
  /** Columns in place of the declared list fields. */
  columns?: ListColumn[];
}

/**
 * A resource's console side, from its declaration in schema/: its place names it for the shell (menu,
 * calls, privileges) and its entity, fetched with the screens, makes them. The parts compose, and a
 * resource may replace any of them.
 */
export function entityResource(place: Place, entity: () => Promise<Entity>, options: EntityResourceOptions): ConsoleResource {
  const { icon, formMode = 'page' } = options;
  let screens: Promise<ReturnType<typeof EntityScreens.entityScreens>> | undefined;
  // The screens in a chunk of their own, made once (their components keep their identity).
  const load = () =>
    (screens ??= Promise.all([entity(), import('./entityScreens')]).then(([declared, module]) => module.entityScreens(declared, options)));
  return {
    name: place.resource,
    icon,
    privileges: place.privileges,
    endpoints: placeEndpoints(place),
    list: lazyScreen(load, (made) => made.List),
    create: formMode === 'page' ? lazyScreen(load, (made) => made.Create) : undefined,
    edit: formMode === 'page' ? lazyScreen(load, (made) => made.Edit) : undefined,
    recordRepresentation: place.titleField,
    firstPage: { sort: openingSort(place) },
  };
}
