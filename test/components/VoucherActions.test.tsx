import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, RecordContextProvider, ResourceContextProvider, testDataProvider, type RaRecord } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { VoucherActions } from '../../resources/vouchers/VoucherList';
import { OneToast } from '../../src/layout/OneToast';
import { signedIn } from './authProviderStub';

const later = Date.now() + 86_400_000;
const forTenant = { id: 7, name: 'Spring gift', object_type: 'tenant', object_id: 3, object: { id: 3, name: 'North School' }, available: true, available_number: 5, expire_at: later };

function renderActions(record: RaRecord, denied: string[] = []) {
  const send = jest.fn(async () => ({}));
  render(
    <AdminContext dataProvider={{ ...testDataProvider(), send }} authProvider={signedIn(denied)} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value="voucher">
        <RecordContextProvider value={record}>
          <VoucherActions record={record} />
        </RecordContextProvider>
      </ResourceContextProvider>
      <OneToast />
    </AdminContext>,
  );
  return send;
}

test("send email names the tenant's administrators, sends the operator's time zone and says 'Send email successfull'", async () => {
  const send = renderActions(forTenant);
  await userEvent.click(await screen.findByRole('button', { name: 'Send email' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Send the voucher "Spring gift" by email to the administrators of North School?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Send email successfull');
  expect(send).toHaveBeenCalledWith('/api/v1/vouchers/7/send_email', { method: 'PUT', body: { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
});

test('abolish is confirmed, naming the voucher, then posted', async () => {
  const send = renderActions(forTenant);
  await userEvent.click(await screen.findByRole('button', { name: 'Abolish' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Abolish the voucher "Spring gift"? Nobody can redeem it afterwards; this cannot be undone.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Voucher abolished');
  expect(send).toHaveBeenCalledWith('/api/v1/vouchers/7/abolish', { method: 'POST' });
});

test('an abolished voucher shows the grey label instead of any action', async () => {
  renderActions({ ...forTenant, available: false });
  expect(await screen.findByText('abolished')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('no mail for a voucher for anyone; abolish stays', async () => {
  renderActions({ ...forTenant, id: 8, object_type: '*', object_id: null, object: null });
  expect(await screen.findByRole('button', { name: 'Abolish' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send email' })).not.toBeInTheDocument();
});

test('no mail for an expired voucher', async () => {
  renderActions({ ...forTenant, expire_at: Date.now() - 1000 });
  expect(await screen.findByRole('button', { name: 'Abolish' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send email' })).not.toBeInTheDocument();
});

test('no mail for a used-up voucher', async () => {
  renderActions({ ...forTenant, available_number: 0 });
  expect(await screen.findByRole('button', { name: 'Abolish' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send email' })).not.toBeInTheDocument();
});

test('each action only for who may: canAccess decides', async () => {
  renderActions(forTenant, ['send']);
  expect(await screen.findByRole('button', { name: 'Abolish' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send email' })).not.toBeInTheDocument();
});
