import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, MenuList } from '@mui/material';
import { createElement, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Menu, MenuClasses, useAuthProvider, useSidebarState, useTranslate } from 'react-admin';
import type { ConsoleAuthProvider } from '../authProvider';
import { canAccessNow } from '../useCanAccessNow';
import { entryPath, groupOfPath, type MenuEntry, type MenuGroup } from './menu';

/** Whether the session may open an entry, answered at once: the menu draws whole the first time. */
function useAllowed() {
  const authProvider = useAuthProvider<ConsoleAuthProvider>();
  return (entry: MenuEntry) => canAccessNow(authProvider, { resource: entry.resource, action: entry.action ?? 'list' });
}

/**
 * The side menu: SPEC.md's groups, each entry shown only to whoever may use it, and the group
 * holding the current screen opened by itself. `preload` starts fetching the screen at an address:
 * a group's screens when it is pointed at, focused or opened, an entry's when it is pointed at or
 * focused, so that a click finds its screen's code there or on its way.
 *
 * Each group is a `nav` holding its toggle and a `role=menu` of its entries (arrow keys move
 * between them). react-admin's own `<Menu>` is one `role=menu` around everything, which would put
 * the navs and toggles where only menu items may be, so the groups stand in a plain box that
 * takes the sidebar's width as `<Menu>` does.
 */
export function ConsoleMenu({ groups, preload }: { groups: readonly MenuGroup[]; preload?: (path: string) => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const allowed = useAllowed();
  const current = groupOfPath(groups, pathname);
  const [open, setOpen] = useState<Record<string, boolean>>(() => (current ? { [current]: true } : {}));

  useEffect(() => {
    if (current) setOpen((state) => (state[current] ? state : { ...state, [current]: true }));
  }, [current]);

  return (
    <Box
      className={sidebarOpen ? MenuClasses.open : MenuClasses.closed}
      sx={(theme) => ({
        width: sidebarOpen ? theme.sidebar?.width : theme.sidebar?.closedWidth,
        transition: theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
      })}
    >
      {groups.map((group) => {
        const entries = group.entries.filter(allowed);
        if (entries.length === 0) return null;
        const expanded = Boolean(open[group.key]);
        const label = translate(group.label);
        const preloadGroup = () => entries.forEach((entry) => preload?.(entryPath(entry)));
        return (
          <List key={group.key} disablePadding component="nav" aria-label={label}>
            <ListItemButton
              aria-expanded={expanded}
              // The label is hidden while the sidebar is closed: the button keeps its name.
              aria-label={label}
              onClick={() => {
                preloadGroup();
                setOpen((state) => ({ ...state, [group.key]: !expanded }));
              }}
              onPointerEnter={preloadGroup}
              onFocus={preloadGroup}
              sx={{ pl: 2 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{createElement(group.icon)}</ListItemIcon>
              {sidebarOpen && <ListItemText primary={label} />}
              {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </ListItemButton>
            <Collapse in={expanded} timeout="auto" unmountOnExit>
              <MenuList aria-label={label} disablePadding>
                {entries.map((entry) => (
                  <Menu.Item
                    key={entryPath(entry)}
                    to={entryPath(entry)}
                    primaryText={translate(entry.label)}
                    sx={{ pl: sidebarOpen ? 4 : 2 }}
                    onPointerEnter={() => preload?.(entryPath(entry))}
                    onFocus={() => preload?.(entryPath(entry))}
                  />
                ))}
              </MenuList>
            </Collapse>
          </List>
        );
      })}
    </Box>
  );
}
