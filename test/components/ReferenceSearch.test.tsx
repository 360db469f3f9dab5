import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, ResourceContextProvider, testDataProvider, type GetListParams } from 'react-admin';
import { enrollment } from '../../schema/enrollment';
import { entityFilters } from '../../src/list/entityFilters';
import { signedIn } from './authProviderStub';
import { i18nProviderFor } from './i18nProviderFor';

test("a reference filter's autocomplete sends what is typed under the target list's own search parameter", async () => {
  const getList = jest.fn(async (_resource: string, _params: GetListParams) => ({ data: [] as never[], total: 0 }));
  const courseFilter = entityFilters(enrollment).find((input) => (input.props as { source: string }).source === 'target_id')!;
  render(
    <AdminContext dataProvider={testDataProvider({ getList, getMany: async () => ({ data: [] }) })} authProvider={signedIn([])} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value={enrollment.resource}>
        <Form>{courseFilter}</Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  await userEvent.type(await screen.findByRole('combobox'), 'Organic');
  const course = enrollment.fields.target_id.kind === 'reference' ? enrollment.fields.target_id.target() : undefined;
  await waitFor(() =>
    expect(getList.mock.calls.some(([resource, params]) => resource === course!.resource && params.filter[course!.searchParam] === 'Organic')).toBe(true),
  );
  expect(getList.mock.calls.some(([, params]) => 'q' in params.filter)).toBe(false);
});
