import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  HttpError,
  ListContextProvider,
  memoryStore,
  RecordContextProvider,
  ResourceContextProvider,
  testDataProvider,
  type AuthProvider,
  type ListControllerResult,
  type RaRecord,
} from 'react-admin';
import type { ReactNode } from 'react';
import { i18nProviderFor } from './i18nProviderFor';
import { OneToast } from '../../src/layout/OneToast';
import { allowRefusalLog } from './refusals';
import { BulkDeleteRecordsButton, DeleteRecordButton } from '../../src/list/DeleteButtons';

const group = (id: number): RaRecord => ({ id, ucode: `group-${id}`, name: `Group ${id}` });

/** The list around the buttons: which page, what it holds, what is selected. */
function listOf(page: number, data: RaRecord[], selectedIds: RaRecord['id'][] = []) {
  return {
    data,
    total: (page - 1) * 10 + data.length,
    page,
    perPage: 10,
    setPage: jest.fn(),
    selectedIds,
    onSelect: jest.fn(),
    onUnselectItems: jest.fn(),
    isPending: false,
    resource: 'carousel_group',
  } as unknown as ListControllerResult & { data: RaRecord[]; setPage: jest.Mock; onUnselectItems: jest.Mock };
}

function renderWithList(
  list: ReturnType<typeof listOf>,
  button: ReactNode,
  deleted: () => Promise<unknown> = async () => ({}),
  authProvider?: AuthProvider,
) {
  const deleteOne = jest.fn(async () => {
    await deleted();
    return { data: list.data[0] as never };
  });
  const deleteMany = jest.fn(async (_: string, { ids }: { ids: RaRecord['id'][] }) => {
    await deleted();
    return { data: ids as never[] };
  });
  render(
    <AdminContext
      dataProvider={testDataProvider({ delete: deleteOne, deleteMany })}
      authProvider={authProvider}
      store={memoryStore()}
      i18nProvider={i18nProviderFor('en-US')}
    >
      <ResourceContextProvider value="carousel_group">
        <ListContextProvider value={list}>{button}</ListContextProvider>
      </ResourceContextProvider>
      <OneToast />
    </AdminContext>,
  );
  return { deleteOne, deleteMany };
}

const confirmDelete = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
};

afterEach(() => jest.restoreAllMocks());

describe('DeleteRecordButton', () => {
  const deleteFirst = (list: ReturnType<typeof listOf>, deleted?: () => Promise<unknown>) =>
    renderWithList(
      list,
      <RecordContextProvider value={list.data[0]}>
        <DeleteRecordButton />
      </RecordContextProvider>,
      deleted,
    );

  test('deleting the only record of page 2 steps back to page 1', async () => {
    const list = listOf(2, [group(11)]);
    const { deleteOne } = deleteFirst(list);
    await confirmDelete();
    expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
    expect(deleteOne).toHaveBeenCalledWith('carousel_group', expect.objectContaining({ id: 11 }));
    expect(list.setPage).toHaveBeenCalledWith(1);
  });

  test('a record its resource does not let the user delete offers no delete', async () => {
    const list = listOf(1, [group(7), group(8)]);
    const canAccessNow = jest.fn(({ record }: { record?: RaRecord }) => record?.id !== 7);
    const authProvider = { checkAuth: async () => undefined, canAccess: async () => true, canAccessNow } as unknown as AuthProvider;
    renderWithList(
      list,
      list.data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <DeleteRecordButton />
        </RecordContextProvider>
      )),
      undefined,
      authProvider,
    );
    // Decided as the buttons first draw: no second render adds or removes one.
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    expect(canAccessNow).toHaveBeenCalledWith(expect.objectContaining({ action: 'delete', record: expect.objectContaining({ id: 7 }) }));
  });

  test('a page that still holds records stays where it is', async () => {
    const list = listOf(2, [group(11), group(12)]);
    deleteFirst(list);
    await confirmDelete();
    await screen.findByRole('alert');
    expect(list.setPage).not.toHaveBeenCalled();
  });

  test('the first page never steps back', async () => {
    const list = listOf(1, [group(1)]);
    deleteFirst(list);
    await confirmDelete();
    await screen.findByRole('alert');
    expect(list.setPage).not.toHaveBeenCalled();
  });

  test("a refused delete shows the server's message and stays on the page", async () => {
    allowRefusalLog();
    const list = listOf(2, [group(11)]);
    deleteFirst(list, async () => {
      throw new HttpError('The record is still in use and cannot be deleted', 409, {});
    });
    await confirmDelete();
    expect(await screen.findByRole('alert')).toHaveTextContent('The record is still in use and cannot be deleted');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list.setPage).not.toHaveBeenCalled();
  });

  test('a failure without a message says the operation failed', async () => {
    allowRefusalLog();
    deleteFirst(listOf(1, [group(1)]), async () => {
      throw new HttpError('', 0, {});
    });
    await confirmDelete();
    expect(await screen.findByRole('alert')).toHaveTextContent('Operation failed');
  });
});

describe('BulkDeleteRecordsButton', () => {
  test('deleting every record of the page steps back and clears the selection', async () => {
    const list = listOf(3, [group(21), group(22)], [21, 22]);
    const { deleteMany } = renderWithList(list, <BulkDeleteRecordsButton />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Do you want to delete the 2 selected items?');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
    expect(deleteMany).toHaveBeenCalledWith('carousel_group', expect.objectContaining({ ids: [21, 22] }));
    expect(list.onUnselectItems).toHaveBeenCalled();
    expect(list.setPage).toHaveBeenCalledWith(2);
  });

  test('deleting part of the page stays on it', async () => {
    const list = listOf(3, [group(21), group(22)], [21]);
    renderWithList(list, <BulkDeleteRecordsButton />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Do you want to delete this item?');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('alert');
    expect(list.setPage).not.toHaveBeenCalled();
  });
});
