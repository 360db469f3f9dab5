import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  memoryStore,
  ResourceContextProvider,
  testDataProvider,
  type GetListParams,
  type RaRecord,
} from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { OneToast } from '../../src/layout/OneToast';
import { ConsoleList } from '../../src/list/ConsoleList';
import type { ListColumn } from '../../src/list/columns';
import { signedIn } from './authProviderStub';

const columns: ListColumn[] = [
  { source: 'ucode', sortable: true },
  { source: 'name', sortable: true },
  { source: 'description' },
];

const group = (id: number) => ({ id, ucode: `group-${id}`, name: `Group ${id}`, description: `Shown on page ${id}` });

/** A carousel_group table in memory: newest first, paged as asked, deletes remove rows. */
function carouselGroups(count: number) {
  let rows: RaRecord[] = Array.from({ length: count }, (_, index) => group(index + 1));
  const getList = jest.fn(async (_resource: string, { pagination = { page: 1, perPage: 10 } }: GetListParams) => {
    const newestFirst = [...rows].sort((a, b) => Number(b.id) - Number(a.id));
    const start = (pagination.page - 1) * pagination.perPage;
    return { data: newestFirst.slice(start, start + pagination.perPage) as never[], total: rows.length };
  });
  const deleteOne = jest.fn(async (_resource: string, { id }: { id: RaRecord['id'] }) => {
    const deleted = rows.find((row) => row.id === id)!;
    rows = rows.filter((row) => row.id !== id);
    return { data: deleted as never };
  });
  const deleteMany = jest.fn(async (_resource: string, { ids }: { ids: RaRecord['id'][] }) => {
    rows = rows.filter((row) => !ids.includes(row.id));
    return { data: ids as never[] };
  });
  return {
    dataProvider: testDataProvider({ getList, delete: deleteOne, deleteMany }),
    getList,
    deleteOne,
    deleteMany,
    rows: () => rows,
  };
}

function renderList(table: ReturnType<typeof carouselGroups>, denied: string[] = []) {
  render(
    <AdminContext
      dataProvider={table.dataProvider}
      authProvider={signedIn(denied)}
      store={memoryStore()}
      i18nProvider={i18nProviderFor('en-US')}
    >
      <ResourceContextProvider value="carousel_group">
        <ConsoleList columns={columns} titleSource="name" />
      </ResourceContextProvider>
      <OneToast />
    </AdminContext>,
  );
}

const cardOf = async (name: string) => (await screen.findByRole('button', { name })).closest<HTMLElement>('[data-testid="record-card"]')!;

// The admin's hash router keeps its address between tests; every test starts on the list's first page.
beforeEach(() => window.history.replaceState(null, '', '/'));

test('shows the records as cards by default, newest first, with their fields', async () => {
  renderList(carouselGroups(3));
  const cards = await screen.findAllByTestId('record-card');
  expect(cards).toHaveLength(3);
  expect(within(cards[0]).getByRole('button', { name: 'Group 3' })).toBeInTheDocument();
  expect(cards[0]).toHaveTextContent('Code (ucode): group-3');
  expect(cards[0]).toHaveTextContent('Description: Shown on page 3');
  expect(screen.getByTestId('list-range')).toHaveTextContent('Show: 1-3, Total 3');
});

test('the title opens the detail with every field', async () => {
  renderList(carouselGroups(3));
  await userEvent.click(await screen.findByRole('button', { name: 'Group 2' }));
  const detail = await screen.findByRole('dialog', { name: 'Details: Group 2' });
  expect(within(detail).getByText('Code (ucode)')).toBeInTheDocument();
  expect(within(detail).getByText('group-2')).toBeInTheDocument();
  expect(within(detail).getByText('Shown on page 2')).toBeInTheDocument();
  await userEvent.click(within(detail).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('Delete asks first, and Cancel deletes nothing', async () => {
  const table = carouselGroups(3);
  renderList(table);
  await userEvent.click(await within(await cardOf('Group 2')).findByRole('button', { name: 'Delete' }));
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent('Do you want to delete this item?');
  await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(table.deleteOne).not.toHaveBeenCalled();
  expect(screen.getAllByTestId('record-card')).toHaveLength(3);
});

test('Confirm deletes the record, says so and the list no longer shows it', async () => {
  const table = carouselGroups(3);
  renderList(table);
  await userEvent.click(await within(await cardOf('Group 2')).findByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
  expect(table.deleteOne).toHaveBeenCalledTimes(1);
  expect(table.deleteOne.mock.calls[0][1]).toMatchObject({ id: 2 });
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Group 2' })).not.toBeInTheDocument());
  expect(screen.getAllByTestId('record-card')).toHaveLength(2);
});

test('deleting the only record of the last page steps back one page', async () => {
  const table = carouselGroups(11);
  renderList(table);
  await screen.findAllByTestId('record-card');
  await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
  await waitFor(() => expect(screen.getAllByTestId('record-card')).toHaveLength(1));
  expect(screen.getByTestId('list-range')).toHaveTextContent('Show: 11-11, Total 11');
  table.getList.mockClear();

  await userEvent.click(within(await cardOf('Group 1')).getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  // The cached first page shows at once; its fresh read gives the new total.
  await waitFor(() => expect(screen.getByTestId('list-range')).toHaveTextContent('Show: 1-10, Total 10'));
  expect(screen.getAllByTestId('record-card')).toHaveLength(10);
  // react-admin's delete first re-reads the page on screen (now empty), then the list asks for page 1.
  expect(table.getList).toHaveBeenLastCalledWith('carousel_group', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
});

test('selecting cards offers one delete for all of them', async () => {
  const table = carouselGroups(3);
  renderList(table);
  const [first, second] = await screen.findAllByTestId('record-card');
  await userEvent.click(within(first).getByRole('checkbox', { name: 'Select' }));
  await userEvent.click(within(second).getByRole('checkbox', { name: 'Select' }));
  expect(await screen.findByText('2 items selected')).toBeInTheDocument();
  const bulkDelete = screen.getAllByRole('button', { name: 'Delete' }).find((button) => !button.closest('[data-testid="record-card"]'))!;
  await userEvent.click(bulkDelete);
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent('Do you want to delete the 2 selected items?');
  await userEvent.click(within(question).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
  expect(table.deleteMany.mock.calls[0][1]).toMatchObject({ ids: [3, 2] });
  await waitFor(() => expect(screen.getAllByTestId('record-card')).toHaveLength(1));
});

test('without the delete privilege there is no Delete button and nothing to select', async () => {
  renderList(carouselGroups(3), ['delete']);
  await screen.findAllByTestId('record-card');
  // Edit is allowed: once it shows, the privileges have been asked.
  await waitFor(() => expect(screen.getAllByRole('link', { name: 'Edit' })).toHaveLength(3));
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

test('a selected record deleted on its own leaves the selection; a batch delete then takes only the rest', async () => {
  const table = carouselGroups(3);
  renderList(table);
  const groupTwo = await cardOf('Group 2');
  await userEvent.click(within(groupTwo).getByRole('checkbox', { name: 'Select' }));
  await userEvent.click(within(await cardOf('Group 3')).getByRole('checkbox', { name: 'Select' }));
  expect(await screen.findByText('2 items selected')).toBeInTheDocument();

  await userEvent.click(within(groupTwo).getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Group 2' })).not.toBeInTheDocument());
  expect(await screen.findByText('1 item selected')).toBeInTheDocument();

  const bulkDelete = screen.getAllByRole('button', { name: 'Delete' }).find((button) => !button.closest('[data-testid="record-card"]'))!;
  await userEvent.click(bulkDelete);
  expect(await screen.findByRole('dialog')).toHaveTextContent('Do you want to delete this item?');
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(table.deleteMany).toHaveBeenCalled());
  expect(table.deleteMany.mock.calls[0][1].ids).toEqual([3]);
});

test('a hidden column stays out of cards and table until the columns button shows it; the choice is kept in the Store', async () => {
  const store = memoryStore({ tabType: 'table' });
  const withHidden: ListColumn[] = columns.map((column) => (column.source === 'description' ? { ...column, hidden: true } : column));
  render(
    <AdminContext dataProvider={carouselGroups(2).dataProvider} authProvider={signedIn()} store={store} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value="carousel_group">
        <ConsoleList columns={withHidden} titleSource="name" />
      </ResourceContextProvider>
    </AdminContext>,
  );
  await screen.findByRole('button', { name: 'Group 2' });
  expect(screen.queryByRole('columnheader', { name: 'Description' })).not.toBeInTheDocument();
  expect(screen.queryByText('Shown on page 2')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
  const description = (await screen.findAllByRole('option')).find((option) => option.textContent?.includes('Description'))!;
  await userEvent.click(within(description).getByRole('switch', { hidden: true }));
  expect(store.getItem('carousel_group.datatable')).toEqual([]);
  await userEvent.keyboard('{Escape}');
  expect(await screen.findByRole('columnheader', { name: 'Description' })).toBeInTheDocument();

  // Cards follow the same choice.
  await userEvent.click(screen.getByRole('button', { name: 'Card view' }));
  expect((await screen.findAllByTestId('record-card'))[0]).toHaveTextContent('Description: Shown on page 2');
});

test('the records are marked busy while a new answer is on its way, and the old ones stay until it comes', async () => {
  const table = carouselGroups(3);
  renderList(table);
  await screen.findAllByTestId('record-card');
  const results = screen.getByTestId('list-results');
  expect(results).toHaveAttribute('aria-busy', 'false');
  let answer!: () => void;
  table.getList.mockImplementationOnce(async () => {
    await new Promise<void>((resolve) => (answer = resolve));
    return { data: [group(2)] as never[], total: 1 };
  });
  await userEvent.type(screen.getByPlaceholderText('Search'), 'group-2');
  await waitFor(() => expect(results).toHaveAttribute('aria-busy', 'true'));
  expect(screen.getAllByTestId('record-card')).toHaveLength(3);
  answer();
  await waitFor(() => expect(results).toHaveAttribute('aria-busy', 'false'));
  expect(screen.getAllByTestId('record-card')).toHaveLength(1);
});

test('a search word longer than the server takes is refused under the box, and the list keeps its records', async () => {
  const table = carouselGroups(3);
  renderList(table);
  await screen.findAllByTestId('record-card');
  const asked = table.getList.mock.calls.length;
  const searchBox = screen.getByPlaceholderText('Search');
  await userEvent.type(searchBox, `  ${'x'.repeat(100)}  `);
  // Trimmed, as the server trims, a hundred letters are a word it takes.
  await waitFor(() => expect(table.getList.mock.calls.length).toBe(asked + 1));
  await userEvent.type(searchBox, 'y');
  expect(await screen.findByText('Must be 100 characters or less')).toBeInTheDocument();
  expect(searchBox).toHaveAttribute('aria-invalid', 'true');
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(table.getList.mock.calls.length).toBe(asked + 1);
  expect(screen.getAllByTestId('record-card')).toHaveLength(3);
  await userEvent.type(searchBox, '{backspace}');
  await waitFor(() => expect(screen.queryByText('Must be 100 characters or less')).not.toBeInTheDocument());
});
