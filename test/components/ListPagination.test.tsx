import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ListContextProvider, memoryStore, testDataProvider, type ListControllerResult, type Store } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { ListPagination } from '../../src/list/ListPagination';

/** A list context as react-admin's List would give it, with spies for the page changes. */
function listContext(page: number, perPage: number, total: number) {
  const first = (page - 1) * perPage;
  const data = Array.from({ length: Math.max(0, Math.min(perPage, total - first)) }, (_, index) => ({ id: first + index + 1 }));
  return {
    data,
    total,
    page,
    perPage,
    setPage: jest.fn(),
    setPerPage: jest.fn(),
    isPending: false,
    isLoading: false,
    isFetching: false,
    resource: 'carousel_group',
    selectedIds: [],
  } as unknown as ListControllerResult & { setPage: jest.Mock; setPerPage: jest.Mock };
}

function renderPagination(context: ReturnType<typeof listContext>, store: Store = memoryStore()) {
  render(
    <AdminContext dataProvider={testDataProvider()} store={store} i18nProvider={i18nProviderFor('en-US')}>
      <ListContextProvider value={context}>
        <ListPagination />
      </ListContextProvider>
    </AdminContext>,
  );
  return store;
}

test('says which records are shown and how many there are', async () => {
  renderPagination(listContext(2, 10, 23));
  expect(await screen.findByTestId('list-range')).toHaveTextContent('Show: 11-20, Total 23');
});

test('the last page ends at the total', async () => {
  renderPagination(listContext(3, 10, 23));
  expect(await screen.findByTestId('list-range')).toHaveTextContent('Show: 21-23, Total 23');
});

test('an empty list shows 0-0', async () => {
  renderPagination(listContext(1, 10, 0));
  expect(await screen.findByTestId('list-range')).toHaveTextContent('Show: 0-0, Total 0');
});

test('choosing a page size sets it on the list and remembers it under pageSize', async () => {
  const context = listContext(1, 10, 23);
  const store = renderPagination(context);
  await userEvent.click(await screen.findByRole('combobox', { name: '10 / page' }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '20 / page' }));
  expect(context.setPerPage).toHaveBeenCalledWith(20);
  expect(store.getItem('pageSize')).toBe(20);
});

test('a page number button moves to that page', async () => {
  const context = listContext(1, 10, 23);
  renderPagination(context);
  await userEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));
  expect(context.setPage).toHaveBeenCalledWith(3);
});

describe('quick jump', () => {
  const jumpTo = async (typed: string) => {
    const input = await screen.findByRole('textbox', { name: 'Go to' });
    await userEvent.type(input, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    return input;
  };

  test('goes to the page typed and empties the box', async () => {
    const context = listContext(1, 10, 23);
    renderPagination(context);
    const input = await jumpTo('3');
    expect(context.setPage).toHaveBeenCalledWith(3);
    expect(input).toHaveValue('');
  });

  test('a page past the end goes to the last page', async () => {
    const context = listContext(1, 10, 23);
    renderPagination(context);
    await jumpTo('99');
    expect(context.setPage).toHaveBeenCalledWith(3);
  });

  test('page 0 goes to the first page', async () => {
    const context = listContext(2, 10, 23);
    renderPagination(context);
    await jumpTo('0');
    expect(context.setPage).toHaveBeenCalledWith(1);
  });

  test('letters are not taken and go nowhere', async () => {
    const context = listContext(1, 10, 23);
    renderPagination(context);
    const input = await screen.findByRole('textbox', { name: 'Go to' });
    await userEvent.type(input, 'ab');
    expect(input).toHaveValue('');
    await userEvent.type(input, '2x');
    expect(input).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(context.setPage).toHaveBeenCalledTimes(1);
    expect(context.setPage).toHaveBeenCalledWith(2);
  });

  test('pressing Go with nothing typed does nothing', async () => {
    const context = listContext(1, 10, 23);
    renderPagination(context);
    await userEvent.click(await screen.findByRole('button', { name: 'Go' }));
    expect(context.setPage).not.toHaveBeenCalled();
  });
});
