import type { ComponentType } from 'react';

/** A side-menu entry: a resource's list, or its create screen. */
export interface MenuEntry {
  resource: string;
  label: string;
  action?: 'list' | 'create';
}

export interface MenuGroup {
  key: string;
  label: string;
  icon: ComponentType;
  entries: MenuEntry[];
}

export const entryPath = (entry: MenuEntry) => (entry.action === 'create' ? `/${entry.resource}/create` : `/${entry.resource}`);

/** The group holding the screen at `pathname` (/carousel_group/edit/3 belongs to carousel_group's group). */
export function groupOfPath(groups: readonly MenuGroup[], pathname: string): string | undefined {
  const resource = pathname.split('/')[1];
  return groups.find((group) => group.entries.some((entry) => entry.resource === resource))?.key;
}
