import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider, useNotify } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { OneToast } from '../../src/layout/OneToast';

/** Three notifications in one click, as a save that also refreshes and deletes might send. */
function ThreeAtOnce() {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() => {
        notify('app.notification.created', { type: 'success' });
        notify('app.notification.updated', { type: 'success' });
        notify('app.notification.deleted', { type: 'success' });
      }}
    >
      three
    </button>
  );
}

function OneMore() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('Server said %{what}', { type: 'error', messageArgs: { what: 'no' } })}>
      one more
    </button>
  );
}

function renderToast() {
  render(
    <AdminContext dataProvider={testDataProvider()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <ThreeAtOnce />
      <OneMore />
      <OneToast />
    </AdminContext>,
  );
}

test('nothing is shown before a notification', async () => {
  renderToast();
  await screen.findByRole('button', { name: 'three' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('of three notifications at once only the last is shown, translated', async () => {
  renderToast();
  await userEvent.click(await screen.findByRole('button', { name: 'three' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Delete success');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

test('a later notification replaces the one on screen', async () => {
  renderToast();
  await userEvent.click(await screen.findByRole('button', { name: 'three' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
  await userEvent.click(screen.getByRole('button', { name: 'one more' }));
  expect(await screen.findByText('Server said no')).toBeInTheDocument();
  // The replaced toast may still be fading out; it must not stay once its exit has run.
  await waitFor(() => expect(screen.queryByText('Delete success')).not.toBeInTheDocument());
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent('Server said no');
});

test('the close button hides the toast', async () => {
  renderToast();
  await userEvent.click(await screen.findByRole('button', { name: 'three' }));
  await screen.findByRole('alert');
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
});
