import { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { Admin, CustomRoutes, Resource, ResourceDefinitionContextProvider, type I18nProvider, type ResourceProps, type Store } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { menuGroups, resources } from '../resources';
import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { createLayout } from './layout/ConsoleLayout';
import { AccessGuard } from './AccessGuard';
import { OneToast } from './layout/OneToast';
import { LoginPage } from './pages/LoginPage';
import { NotFound } from './pages/NotFound';
import { fetchFirstPage, takeDrawnFirstPage, type FirstPage } from './firstPage';
import { lazyScreen, preloadScreens } from './lazyScreen';
import type { ConsoleResource } from './resource';
import { mayDo, privilegeForAction } from './privileges';
import { DEFAULT_PAGE_SIZE } from '../schema/screenChoices';
import { getToken, storageKeys } from './storage';
import { consoleStore } from './store';
import { keepScreenRemembered, rememberScreen } from './firstScreen/screenCookie';
import { darkTheme, lightTheme } from './theme';

const byName = new Map(resources.map((resource) => [resource.name, resource]));

/** The resource an address is under (`/` leads to the first one's list), and what follows its name. */
function resourceAt(pathname: string) {
  const [, name, second] = pathname.split('/');
  return { resource: byName.get(name) ?? (pathname === '/' ? resources[0] : undefined), second };
}

/**
 * Starts fetching the screen at `pathname` (/course: the list; /course/create; /course/edit/3 or
 * /course/3: the edit and show; `/` leads to the first resource's list), so that it arrives with the
 * catalogue and the session check rather than after them.
 */
export function preloadScreenAt(pathname: string) {
  const { resource, second } = resourceAt(pathname);
  if (!resource) return;
  preloadScreens(second === undefined || second === '' ? [resource.list] : second === 'create' ? [resource.create] : [resource.edit, resource.show]);
}

const dataProvider = createDataProvider((name) => {
  const endpoints = byName.get(name)?.endpoints;
  if (!endpoints) throw new Error(`the resource "${name}" has no endpoints`);
  return endpoints;
});

const store = consoleStore();
const queryClient = new QueryClient();

/** Keeps the cookie from which the server draws the next visit's first screen as this console draws it. */
export const rememberScreenAt = () => keepScreenRemembered(store);

/**
 * The list at `pathname` when it opens at its declared first page (nothing in the address) for a
 * stored session that may read it; a signed-out or forbidden visit has none, as AccessGuard has it.
 */
export function firstPageAt(pathname: string, search: string): { resource: string; page: FirstPage } | undefined {
  const { resource, second } = resourceAt(pathname);
  if (!resource?.firstPage || (second ?? '') !== '' || search !== '' || !getToken() || !mayDo(resource.privileges, 'list')) return undefined;
  return { resource: resource.name, page: resource.firstPage };
}

/**
 * Asks for the first page of the list at `pathname` while the console starts (src/firstPage.ts),
 * unless the server drew it into the document with the list's first screen.
 */
export function fetchFirstPageAt(pathname: string, search: string) {
  const list = firstPageAt(pathname, search);
  if (!list || takeDrawnFirstPage(queryClient)) return;
  fetchFirstPage(queryClient, dataProvider, list.resource, list.page, store.getItem<number>(storageKeys.pageSize, DEFAULT_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE);
}

const sessions = createAuthProvider(
  (name, action) => {
    const resource = byName.get(name);
    return resource && privilegeForAction(resource.privileges, action);
  },
  (name, action, record, selfId) => byName.get(name)?.recordAccess?.(action, record, selfId) ?? true,
);
// A sign-in leaves the screen cookie beside the session's (a sign-out clears every cookie): the
// next visit's first screen is drawn by the server at once.
const authProvider: typeof sessions = {
  ...sessions,
  login: async (params) => {
    await sessions.login(params);
    rememberScreen(store);
  },
};

// Rarely opened, and it carries the password rules' validation: fetched when opened.
const PasswordUpdate = lazyScreen(() => import('./pages/PasswordUpdate'), (module) => module.PasswordUpdate);

// The side menu fetches a screen's code when its entry or group is pointed at or focused.
const ConsoleLayout = createLayout(menuGroups, preloadScreenAt);
// Every screen behind the session's own privileges: a forbidden deep link calls no API.
const Layout = ({ children }: { children: ReactNode }) => (
  <ConsoleLayout>
    <AccessGuard resources={byName}>{children}</AccessGuard>
  </ConsoleLayout>
);
/** What react-admin knows of a resource: its screens, its records' name, and where its list opens. */
const resourceProps = ({ name, list, create, edit, show, icon, recordRepresentation, firstPage }: ConsoleResource): ResourceProps => ({
  name,
  list,
  create,
  edit,
  show,
  icon,
  recordRepresentation,
  options: { firstPage },
});
// react-admin registers its resources in an effect, which a drawing on the server never runs: there
// a list would open without its resource's first page (order, filter), and whatever else reads a
// resource's definition would find none. So the drawing is given the same definitions at once.
let serverDefinitions: Record<string, ReturnType<typeof Resource.registerResource>> | undefined;
const ServerLayout = ({ children }: { children: ReactNode }) => (
  <ResourceDefinitionContextProvider
    definitions={(serverDefinitions ??= Object.fromEntries(resources.map((resource) => [resource.name, Resource.registerResource(resourceProps(resource))])))}
  >
    <Layout>{children}</Layout>
  </ResourceDefinitionContextProvider>
);

interface AppProps {
  i18nProvider: I18nProvider;
  /** The server's drawing of a visit's first screen (src/firstScreen/drawer.tsx): its router at the address, its own query cache and store. */
  onServer?: { router(admin: ReactElement): ReactElement; queryClient: QueryClient; store: Store };
}

export function App({ i18nProvider, onServer }: AppProps) {
  const admin = (
    <Admin
      title="backstage management"
      dataProvider={dataProvider}
      queryClient={onServer?.queryClient ?? queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={onServer?.store ?? store}
      layout={onServer ? ServerLayout : Layout}
      loginPage={LoginPage}
      catchAll={NotFound}
      notification={OneToast}
      theme={lightTheme}
      darkTheme={darkTheme}
      requireAuth
      disableTelemetry
    >
      {resources.map((resource) => (
        <Resource key={resource.name} {...resourceProps(resource)}>
          {/* SPEC.md's addresses: /name/edit/:id, beside react-admin's own /name/:id. */}
          {resource.edit && <Route path="edit/:id" element={createElement(resource.edit)} />}
          {resource.routes}
        </Resource>
      ))}
      <CustomRoutes>
        <Route path="/password/update" element={<PasswordUpdate />} />
      </CustomRoutes>
    </Admin>
  );
  // Real paths (/course, /carousel_group/edit/3), not #/ fragments: the server answers them all.
  // Navigations are not transitions: a signed-out visit's redirect to /login would otherwise be
  // interrupted, again and again, by the sign-out's own store and query resets (a render loop).
  return onServer ? onServer.router(admin) : <BrowserRouter useTransitions={false}>{admin}</BrowserRouter>;
}
