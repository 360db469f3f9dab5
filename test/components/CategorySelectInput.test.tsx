import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, SaveButton, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { CategorySelectInput } from '../../resources/categories/CategorySelectInput';
import type { CategoryNode } from '../../schema/category';
import { signedIn } from './authProviderStub';

const node = (id: number, title: string, parent_id = 0, children: CategoryNode[] = []): CategoryNode => ({ id, title, parent_id, children });
const tree = [
  node(1, 'Programming', 0, [node(11, 'Web development', 1), node(12, 'Data science', 1)]),
  node(2, 'Languages', 0, [node(21, 'English', 2), node(22, 'Japanese', 2)]),
];

function renderInput(record: Record<string, unknown> = {}) {
  const send = jest.fn(async () => tree);
  const submitted = jest.fn();
  render(
    <AdminContext dataProvider={{ ...testDataProvider(), send } as never} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <Form record={record} onSubmit={submitted}>
        <CategorySelectInput source="category_id" resource="course" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return { send, submitted };
}

const options = () => screen.getAllByRole('option').map((option) => option.textContent);

test('the tree in its order, searched without losing its shape', async () => {
  const { send } = renderInput();
  const input = screen.getByRole('combobox', { name: 'Category' });
  await userEvent.click(input);
  await waitFor(() => expect(options()).toEqual(['Programming', 'Web development', 'Data science', 'Languages', 'English', 'Japanese']));
  expect(send).toHaveBeenCalledWith('/api/v1/categories/tree', expect.anything());

  // A subcategory found keeps its top-level category above it.
  await userEvent.type(input, 'japan');
  expect(options()).toEqual(['Languages', 'Japanese']);
  // A top-level category found brings all its subcategories.
  await userEvent.clear(input);
  await userEvent.type(input, 'program');
  expect(options()).toEqual(['Programming', 'Web development', 'Data science']);
  await userEvent.clear(input);
  await userEvent.type(input, 'nothing like it');
  expect(screen.getByText('No data')).toBeInTheDocument();
});

test('a chosen category is its id, shown with its parent; cleared, it is null', async () => {
  const { submitted } = renderInput({ category_id: 21 });
  const input = screen.getByRole('combobox', { name: 'Category' });
  await waitFor(() => expect(input).toHaveValue('Languages / English'));
  await userEvent.click(input);
  await userEvent.click(await screen.findByRole('option', { name: 'Data science' }));
  expect(input).toHaveValue('Programming / Data science');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
  expect(submitted.mock.calls[0][0]).toMatchObject({ category_id: 12 });

  await userEvent.click(screen.getByTitle('Clear'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalledTimes(2));
  expect(submitted.mock.calls[1][0].category_id).toBeNull();
});
