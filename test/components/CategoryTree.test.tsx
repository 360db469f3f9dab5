import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { CategoryTree } from '../../resources/categories/CategoryTree';
import type { CategoryNode } from '../../schema/category';
import { OneToast } from '../../src/layout/OneToast';
import { signedIn } from './authProviderStub';
import { allowRefusalLog } from './refusals';

const node = (id: number, title: string, parent_id = 0, children: CategoryNode[] = []): CategoryNode => ({ id, title, parent_id, children });

const demoTree = () => [
  node(1, 'Programming', 0, [node(11, 'Web', 1), node(12, 'Mobile', 1), node(13, 'Data', 1)]),
  node(2, 'Languages'),
];

/** The tree screen over a data provider whose `send` answers the tree and records the moves. */
function renderTree(options: { tree?: CategoryNode[]; denied?: string[]; moveFails?: boolean } = {}) {
  const tree = options.tree ?? demoTree();
  const send = jest.fn(async (path: string) => {
    if (path.endsWith('/order') && options.moveFails) throw new HttpError('Not in the same list', 400, {});
    return path.endsWith('/tree') ? tree : null;
  });
  render(
    <AdminContext
      dataProvider={{ ...testDataProvider(), send } as never}
      authProvider={signedIn(options.denied)}
      store={memoryStore()}
      i18nProvider={i18nProviderFor('en-US')}
    >
      <CategoryTree />
      <OneToast />
    </AdminContext>,
  );
  return { send };
}

const region = (name: string) => screen.getByRole('region', { name });
const rowOf = (title: string) => screen.getByText(title, { exact: true }).closest('[data-testid="category-row"]') as HTMLElement;

/** The test's router is a hash router: the link ends with the console's address. */
const addressOf = (path: string) => expect.stringMatching(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));

afterEach(() => jest.restoreAllMocks());

test('top-level categories with their subcategories, and the empty text under one without', async () => {
  renderTree();
  expect(await screen.findByText('Web')).toBeInTheDocument();
  expect(within(region('Programming')).getAllByTestId('subcategory-title').map((title) => title.textContent)).toEqual(['Web', 'Mobile', 'Data']);
  expect(within(region('Languages')).getByText('no subcategory')).toBeInTheDocument();
  expect(within(region('Programming')).queryByText('no subcategory')).toBeNull();
  expect(within(rowOf('Programming')).getByRole('link', { name: 'New subcategory' })).toHaveAttribute('href', addressOf('/course_category/create?parent_id=1'));
  expect(within(rowOf('Mobile')).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', addressOf('/course_category/12/edit?parent_id=1'));
  // Subcategories take no subcategories of their own.
  expect(within(rowOf('Mobile')).queryByRole('link', { name: 'New subcategory' })).toBeNull();
});

test('move up and down are disabled at the ends, and send the neighbours of the new place', async () => {
  const { send } = renderTree();
  await screen.findByText('Web');
  expect(within(rowOf('Web')).getByRole('button', { name: 'Move up' })).toBeDisabled();
  expect(within(rowOf('Data')).getByRole('button', { name: 'Move down' })).toBeDisabled();
  expect(within(rowOf('Programming')).getByRole('button', { name: 'Move up' })).toBeDisabled();
  expect(within(rowOf('Languages')).getByRole('button', { name: 'Move down' })).toBeDisabled();

  await userEvent.click(within(rowOf('Web')).getByRole('button', { name: 'Move down' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/categories/11/order', { method: 'PUT', body: { after_id: 12, before_id: 13 } }));
  await userEvent.click(within(rowOf('Data')).getByRole('button', { name: 'Move up' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/categories/13/order', { method: 'PUT', body: { after_id: 11, before_id: 12 } }));
  await userEvent.click(within(rowOf('Mobile')).getByRole('button', { name: 'Move up' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/categories/12/order', { method: 'PUT', body: { after_id: 0, before_id: 11 } }));
  await userEvent.click(within(rowOf('Programming')).getByRole('button', { name: 'Move down' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/categories/1/order', { method: 'PUT', body: { after_id: 2, before_id: 0 } }));
  // Each move reloads the tree.
  await waitFor(() => expect(send.mock.calls.filter(([path]) => path.endsWith('/tree')).length).toBeGreaterThanOrEqual(5));
});

test('a refused move shows the server message', async () => {
  allowRefusalLog();
  renderTree({ moveFails: true });
  await screen.findByText('Web');
  await userEvent.click(within(rowOf('Web')).getByRole('button', { name: 'Move down' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Not in the same list');
});

test('only what the user may do is offered', async () => {
  renderTree({ denied: ['create', 'edit', 'delete'] });
  await screen.findByText('Web');
  expect(screen.queryByRole('link', { name: 'New top-level category' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'New subcategory' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Move up' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});

test('an empty tree says so', async () => {
  renderTree({ tree: [] });
  expect(await screen.findByText('No categories yet')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'New top-level category' })).toHaveAttribute('href', addressOf('/course_category/create?parent_id=0'));
});
