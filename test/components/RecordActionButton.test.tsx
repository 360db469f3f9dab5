import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, RecordContextProvider, ResourceContextProvider, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { OneToast } from '../../src/layout/OneToast';
import { RecordActionButton } from '../../src/list/RecordActionButton';
import { signedIn } from './authProviderStub';
import { allowRefusalLog } from './refusals';

const series = { id: 7, title: 'Web basics' };

/** A custom action on a record, as a series' publish would be declared; beside it one always allowed. */
function renderAction(perform: jest.Mock, denied: string[] = []) {
  render(
    <AdminContext dataProvider={testDataProvider()} authProvider={signedIn(denied)} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value="carousel_group">
        <RecordContextProvider value={series}>
          <RecordActionButton
            action="publish"
            label="ra.action.confirm"
            content="app.list.delete_confirm"
            successMessage="app.notification.updated"
            failureMessage="app.notification.operation_failed"
            perform={perform}
          />
          <RecordActionButton action="archive" label="ra.action.cancel" content="app.list.delete_confirm" successMessage="app.notification.updated" perform={jest.fn()} />
        </RecordContextProvider>
      </ResourceContextProvider>
      <OneToast />
    </AdminContext>,
  );
}

const runAction = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Do you want to delete this item?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
};

test('asks first, then runs on the record and says it worked', async () => {
  const perform = jest.fn(async (_record: unknown) => ({}));
  renderAction(perform);
  await runAction();
  expect(await screen.findByRole('alert')).toHaveTextContent('Edit Success');
  expect(perform).toHaveBeenCalledTimes(1);
  expect(perform.mock.calls[0][0]).toMatchObject(series);
});

test('a refusal shows the server\'s reason, else the fallback text', async () => {
  allowRefusalLog();
  const perform = jest.fn(async () => {
    throw new HttpError('This series has no course yet', 409, {});
  });
  renderAction(perform);
  await runAction();
  expect(await screen.findByRole('alert')).toHaveTextContent('This series has no course yet');
});

test('offered only when canAccess allows the action', async () => {
  renderAction(jest.fn(), ['publish']);
  // The allowed action shows once the access checks have answered; the denied one never does.
  expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
});
