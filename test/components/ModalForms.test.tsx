import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, memoryStore, ResourceContextProvider, testDataProvider, type RaRecord } from 'react-admin';
import { carouselGroup } from '../../schema/carouselGroup';
import { i18nProviderFor } from './i18nProviderFor';
import { EntityInputs } from '../../src/forms/EntityInputs';
import { ModalForm, type FormDefinition } from '../../src/forms/EntityForms';
import { OneToast } from '../../src/layout/OneToast';
import { ConsoleList, type ModalFormProps } from '../../src/list/ConsoleList';
import { signedIn } from './authProviderStub';
import { allowRefusalLog } from './refusals';

const form: FormDefinition = { schema: carouselGroup.input, inputs: <EntityInputs entity={carouselGroup} /> };
const GroupModalForm = (props: ModalFormProps) => <ModalForm form={form} {...props} />;

/** A table in memory whose create refuses a taken ucode the way the server does. */
function carouselGroups() {
  let rows: RaRecord[] = [{ id: 1, ucode: 'home', name: 'Home page', description: '' }];
  const create = jest.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => {
    if (rows.some((row) => row.ucode === data.ucode))
      throw new HttpError('ucode "home" is already in use', 409, { errors: { ucode: '"home" is already in use' } });
    const created = { ...data, id: rows.length + 1 } as RaRecord;
    rows = [...rows, created];
    return { data: created as never };
  });
  const update = jest.fn(async (_resource: string, { id, data }: { id: RaRecord['id']; data: Record<string, unknown> }) => {
    rows = rows.map((row) => (row.id === id ? ({ ...row, ...data } as RaRecord) : row));
    return { data: rows.find((row) => row.id === id) as never };
  });
  const dataProvider = testDataProvider({
    getList: async () => ({ data: [...rows].reverse() as never[], total: rows.length }),
    getOne: async (_resource, { id }) => ({ data: rows.find((row) => row.id === id) as never }),
    create,
    update,
  });
  return { dataProvider, create, update, rows: () => rows };
}

function renderList(table: ReturnType<typeof carouselGroups>) {
  render(
    <AdminContext dataProvider={table.dataProvider} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value="carousel_group">
        <ConsoleList columns={[{ source: 'ucode' }, { source: 'name' }]} titleSource="name" formMode="modal" ModalForm={GroupModalForm} />
      </ResourceContextProvider>
      <OneToast />
    </AdminContext>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => jest.restoreAllMocks());

test('create opens the form over the list; the schema rules show under the fields; a save closes it', async () => {
  const table = carouselGroups();
  renderList(table);
  await screen.findByRole('button', { name: 'Home page' });
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Create Carousel group');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
  await userEvent.type(within(dialog).getByLabelText(/Code \(ucode\)/), 'has space');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await within(dialog).findByText('Only letters, digits, "-" and "_"')).toBeInTheDocument();
  expect(table.create).not.toHaveBeenCalled();

  await userEvent.clear(within(dialog).getByLabelText(/Code \(ucode\)/));
  await userEvent.type(within(dialog).getByLabelText(/Code \(ucode\)/), 'summer');
  await userEvent.type(within(dialog).getByLabelText(/Name/), '  Summer  ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Create success.');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The values sent are the schema's output: trimmed, with the optional field filled in.
  expect(table.create.mock.calls[0][1].data).toEqual({ ucode: 'summer', name: 'Summer', description: '' });
  expect(await screen.findByRole('button', { name: 'Summer' })).toBeInTheDocument();
});

test("the server's refusal is shown, under the field it names too, and the form stays open", async () => {
  allowRefusalLog();
  const table = carouselGroups();
  renderList(table);
  await screen.findByRole('button', { name: 'Home page' });
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(/Code \(ucode\)/), 'home');
  await userEvent.type(within(dialog).getByLabelText(/Name/), 'Again');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('ucode "home" is already in use');
  expect(within(dialog).getByLabelText(/Code \(ucode\)/)).toHaveAccessibleDescription('"home" is already in use');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(table.rows()).toHaveLength(1);
});

test('edit opens the record in the form; cancel closes without saving', async () => {
  const table = carouselGroups();
  renderList(table);
  const card = (await screen.findByRole('button', { name: 'Home page' })).closest<HTMLElement>('[data-testid="record-card"]')!;
  await userEvent.click(await within(card).findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Carousel group: Home page' });
  await waitFor(() => expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Home page'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(table.update).not.toHaveBeenCalled();

  await userEvent.click(await within(card).findByRole('button', { name: 'Edit' }));
  const again = await screen.findByRole('dialog');
  await waitFor(() => expect(within(again).getByLabelText(/Name/)).toHaveValue('Home page'));
  await userEvent.clear(within(again).getByLabelText(/Name/));
  await userEvent.type(within(again).getByLabelText(/Name/), 'Front page');
  await userEvent.click(within(again).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Edit Success');
  expect(table.update.mock.calls[0][1].data).toMatchObject({ name: 'Front page', ucode: 'home' });
});

test("what the user types before the record's read arrives stays; untouched inputs take the fresh values", async () => {
  const table = carouselGroups();
  let releaseRead: () => void = () => undefined;
  const read = new Promise<void>((resolve) => (releaseRead = resolve));
  // The server's copy has moved on since the list was read.
  table.dataProvider.getOne = (async () => {
    await read;
    return { data: { id: 1, ucode: 'home', name: 'Home page', description: 'Read just now' } };
  }) as never;
  renderList(table);
  const card = (await screen.findByRole('button', { name: 'Home page' })).closest<HTMLElement>('[data-testid="record-card"]')!;
  await userEvent.click(await within(card).findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  // The modal opens on the list's copy at once.
  await waitFor(() => expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Home page'));
  await userEvent.clear(within(dialog).getByLabelText(/Name/));
  await userEvent.type(within(dialog).getByLabelText(/Name/), 'Front page');
  releaseRead();
  await waitFor(() => expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Read just now'));
  expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Front page');
});
