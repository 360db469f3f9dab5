import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, ResourceContextProvider, testDataProvider, type RaRecord } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { UserList } from '../../resources/users/UserList';
import { signedIn } from './authProviderStub';

const riverside: RaRecord = { id: 2, tenant_id: 2, display_name: 'Riverside College', name: 'riverside' };
const amelia: RaRecord = { id: 9, user_id: 9, user_name: 'amelia.wang', tenant_id: 2, status: 'active' };

// react-admin's filter form takes the address's values once, for the inputs it holds at that moment;
// the organisation filter waits on canAccess, so the list must wait for it too.
test('/user opened with an organisation in its address names that organisation in the filter, and lists its users', async () => {
  const getList = jest.fn(async () => ({ data: [amelia] as never[], total: 1 }));
  const getMany = jest.fn(async () => ({ data: [riverside] as never[] }));
  render(
    <MemoryRouter initialEntries={[`/user?filter=${encodeURIComponent(JSON.stringify({ tenant_id: 2, status: 'active' }))}`]}>
      <AdminContext dataProvider={testDataProvider({ getList, getMany })} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
        <ResourceContextProvider value="user">
          <UserList />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  expect(await screen.findByText('amelia.wang')).toBeInTheDocument();
  expect(await screen.findByText('Riverside College')).toBeInTheDocument();
  expect(getMany).toHaveBeenCalledWith('tenant', expect.objectContaining({ ids: [2] }));
  expect(getList).toHaveBeenCalledWith('user', expect.objectContaining({ filter: { tenant_id: 2, status: 'active' } }));
});
