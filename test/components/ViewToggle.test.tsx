import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { ViewToggle } from '../../src/list/ViewToggle';

test('cards are the default view; the choice is written under tabType', async () => {
  const store = memoryStore();
  render(
    <AdminContext dataProvider={testDataProvider()} store={store}>
      <ViewToggle />
    </AdminContext>,
  );
  expect(await screen.findByRole('button', { name: 'app.list.card_view' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'app.list.table_view' }));
  expect(screen.getByRole('button', { name: 'app.list.table_view' })).toHaveAttribute('aria-pressed', 'true');
  expect(store.getItem('tabType')).toBe('table');
});
