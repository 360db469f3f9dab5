import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, SaveButton, testDataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { PickerInput } from '../../src/pickers/PickerInput';
import { tenantPicker, userPicker } from '../../src/pickers/pickers';
import { signedIn } from './authProviderStub';

const tenants: RaRecord[] = [
  { id: 1, tenant_id: 1, display_name: 'Demo Academy', name: 'demo' },
  { id: 2, tenant_id: 2, display_name: 'Riverside College', name: 'riverside' },
];
const users: RaRecord[] = [
  { id: 7, user_id: 7, user_name: 'mei_chen', real_name: 'Mei Chen', tenant_id: 2, tenant: { tenant_id: 2, display_name: 'Riverside College' } },
  { id: 8, user_id: 8, user_name: 'kenji_sato', real_name: 'Kenji Sato', tenant_id: 1, tenant: { tenant_id: 1, display_name: 'Demo Academy' } },
];

/** Each resource's rows, answered as its list answers: the keyword on the name. */
function dataProvider() {
  const rows: Record<string, { records: RaRecord[]; name: string }> = { tenant: { records: tenants, name: 'display_name' }, user: { records: users, name: 'user_name' } };
  const getList = jest.fn(async (resource: string, { filter = {} }: GetListParams) => {
    const { records, name } = rows[resource];
    const matching = records.filter((row) => !filter.keyword || String(row[name]).includes(String(filter.keyword)));
    return { data: matching as never[], total: matching.length };
  });
  return { provider: testDataProvider({ getList, getMany: async () => ({ data: [] }) }), getList };
}

function renderPicker(input: React.ReactNode, locale: 'en-US' | 'zh-CN') {
  const data = dataProvider();
  const submitted = jest.fn();
  render(
    <AdminContext dataProvider={data.provider} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor(locale)}>
      <Form record={{}} onSubmit={submitted}>
        {input}
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return { submitted, getList: data.getList };
}

test('the tenant picker: name and code, search by keyword, "Please select a tenant", the chosen id is what the form sends', async () => {
  const { submitted, getList } = renderPicker(<PickerInput source="tenant_id" picker={tenantPicker} />, 'en-US');
  await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('heading', { name: 'Select a tenant' })).toBeInTheDocument();
  await within(dialog).findByText('Riverside College');
  expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Chosen', 'Tenant name', 'Tenant code']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a tenant');

  await userEvent.type(within(dialog).getByRole('searchbox'), 'River');
  await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(1));
  expect(getList).toHaveBeenLastCalledWith('tenant', expect.objectContaining({ filter: { keyword: 'River' } }));
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Choose Riverside College' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('Riverside College')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(submitted.mock.calls[0][0]).toMatchObject({ tenant_id: 2 });
});

test('the user picker in Chinese: username, real name and organisation by name; "请选择用户" until one is chosen', async () => {
  const { submitted } = renderPicker(<PickerInput source="user_id" picker={userPicker} />, 'zh-CN');
  await userEvent.click(screen.getByRole('button', { name: '选择' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('heading', { name: '选择用户' })).toBeInTheDocument();
  const row = (await within(dialog).findByText('mei_chen')).closest('tr') as HTMLElement;
  expect(within(row).getByText('Riverside College')).toBeInTheDocument();
  expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['已选', '用户名', '真实姓名', '租户']);
  await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('请选择用户');
  await userEvent.click(row);
  await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(submitted.mock.calls[0][0]).toMatchObject({ user_id: 7 });
});
