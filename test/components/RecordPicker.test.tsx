import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, SaveButton, testDataProvider, type GetListParams, type GetManyParams, type RaRecord } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { PickerInput } from '../../src/pickers/PickerInput';
import { teacherPicker, videoPicker } from '../../src/pickers/pickers';
import { signedIn } from './authProviderStub';

/** Rows in memory, answered as the pager answers: newest first, the keyword on the name, paged. */
function table(rows: RaRecord[], nameField: string) {
  const getList = jest.fn(async (_resource: string, { pagination = { page: 1, perPage: 10 }, filter = {} }: GetListParams) => {
    const matching = rows.filter((row) => !filter.keyword || String(row[nameField]).toLowerCase().includes(String(filter.keyword).toLowerCase()));
    const newestFirst = [...matching].sort((a, b) => Number(b.id) - Number(a.id));
    const start = (pagination.page - 1) * pagination.perPage;
    return { data: newestFirst.slice(start, start + pagination.perPage) as never[], total: matching.length };
  });
  const getMany = jest.fn(async (_resource: string, { ids }: GetManyParams) => ({ data: rows.filter((row) => ids.includes(row.id)) as never[] }));
  return { dataProvider: testDataProvider({ getList, getMany }), getList, getMany };
}

const teachers = Array.from({ length: 14 }, (_, index) => ({ id: index + 1, name: `Teacher ${index + 1}`, title: `Lecturer ${index + 1}` }));
const videos = [
  { id: 1, title: 'Intro video', version_count: 2 },
  { id: 2, title: 'Second video', version_count: 0 },
];

function renderForm(input: React.ReactNode, data: ReturnType<typeof table>, record: Record<string, unknown> = {}) {
  const submitted = jest.fn();
  render(
    <AdminContext dataProvider={data.dataProvider} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <Form record={record} onSubmit={submitted}>
        {input}
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return submitted;
}

const picker = () => screen.findByRole('dialog');
const rowOf = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest('tr') as HTMLElement;
/** The names on the chips of a chosen list, in order. */
const chipNames = (element: HTMLElement) => [...element.querySelectorAll('.MuiChip-label')].map((label) => label.textContent);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

test('single: a radio per row, the chosen video replaces the previous one and is what the form sends', async () => {
  const data = table(videos, 'title');
  const submitted = renderForm(<PickerInput source="res_id" picker={videoPicker} />, data, { res_id: 2 });
  // The form opened with an id: its name is read once, with getMany.
  expect(await screen.findByText('Second video')).toBeInTheDocument();
  expect(data.getMany).toHaveBeenCalledWith('video', expect.objectContaining({ ids: [2] }));

  await userEvent.click(screen.getByRole('button', { name: 'Change' }));
  const dialog = await picker();
  expect(within(dialog).getByRole('heading', { name: 'Select a video' })).toBeInTheDocument();
  expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Chosen', 'Title', 'Versions']);
  await within(dialog).findByText('Intro video');
  expect(within(dialog).getByRole('radio', { name: 'Choose Second video' })).toBeChecked();
  await userEvent.click(rowOf(dialog, 'Intro video'));
  expect(within(dialog).getByRole('radio', { name: 'Choose Intro video' })).toBeChecked();
  expect(within(dialog).getByRole('radio', { name: 'Choose Second video' })).not.toBeChecked();
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('Intro video')).toBeInTheDocument();
  expect(screen.queryByText('Second video')).not.toBeInTheDocument();
  await submit();
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(submitted.mock.calls[0][0]).toMatchObject({ res_id: 1 });
});

test('multiple: choices are kept across pages and searches, shown as chips, and each can be removed', async () => {
  const data = table(teachers, 'name');
  const submitted = renderForm(<PickerInput source="teacher_ids" picker={teacherPicker} multiple />, data);
  expect(screen.getByText('None chosen')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
  const dialog = await picker();
  expect(within(dialog).getByRole('heading', { name: 'Select teachers' })).toBeInTheDocument();

  await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Choose Teacher 14' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Go to page 2' }));
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Choose Teacher 2' }));
  expect(within(dialog).getByTestId('list-range')).toHaveTextContent('Show: 11-14, Total 14');

  // The search box sends the list's keyword; the choices made before stay.
  await userEvent.type(within(dialog).getByRole('searchbox'), 'Teacher 7');
  await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1));
  expect(data.getList).toHaveBeenLastCalledWith('teacher', expect.objectContaining({ filter: { keyword: 'Teacher 7' }, pagination: { page: 1, perPage: 10 } }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Choose Teacher 7' }));
  const chips = within(dialog).getByTestId('picker-chosen');
  expect(chipNames(chips)).toEqual(['Teacher 14', 'Teacher 2', 'Teacher 7']);

  // A chip's remove takes it out; so does unticking it.
  await userEvent.click(within(chips).getByRole('img', { name: 'Remove Teacher 2' }));
  expect(chipNames(chips)).toEqual(['Teacher 14', 'Teacher 7']);
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Choose Teacher 7' }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Choose Teacher 7' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(chipNames(screen.getByTestId('teacher_ids-chosen'))).toEqual(['Teacher 14', 'Teacher 7']);
  // Names come from the picker: no second read.
  expect(data.getMany).not.toHaveBeenCalled();

  // Removing one in the form, then sending.
  await userEvent.click(within(screen.getByTestId('teacher_ids-chosen')).getByRole('img', { name: 'Remove Teacher 14' }));
  await submit();
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(submitted.mock.calls[0][0]).toMatchObject({ teacher_ids: [7] });
});

test('a form opened with teachers shows them by name, and the picker starts with them chosen', async () => {
  const data = table(teachers, 'name');
  renderForm(<PickerInput source="teacher_ids" picker={teacherPicker} multiple />, data, { teacher_ids: [3, 5] });
  const chosen = screen.getByTestId('teacher_ids-chosen');
  await waitFor(() => expect(chipNames(chosen)).toEqual(['Teacher 3', 'Teacher 5']));
  await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
  const dialog = await picker();
  expect(chipNames(within(dialog).getByTestId('picker-chosen'))).toEqual(['Teacher 3', 'Teacher 5']);
  expect(await within(dialog).findByRole('checkbox', { name: 'Choose Teacher 5' })).toBeChecked();
  // Clear all empties the input.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
  expect(screen.getByText('None chosen')).toBeInTheDocument();
});

test('confirming with nothing chosen says what to choose; cancel changes nothing', async () => {
  const data = table(videos, 'title');
  const submitted = renderForm(<PickerInput source="res_id" picker={videoPicker} />, data);
  await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
  const dialog = await picker();
  await within(dialog).findByText('Intro video');
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a video');
  // Choosing one takes the message away.
  await userEvent.click(rowOf(dialog, 'Intro video'));
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('None chosen')).toBeInTheDocument();
  await submit();
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(submitted.mock.calls[0][0].res_id ?? null).toBeNull();
});

test('each picker asks for its own kind of record, in every language', async () => {
  const data = table(teachers, 'name');
  render(
    <AdminContext dataProvider={data.dataProvider} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('zh-CN')}>
      <Form record={{}} onSubmit={jest.fn()}>
        <PickerInput source="teacher_ids" picker={teacherPicker} multiple />
      </Form>
    </AdminContext>,
  );
  await userEvent.click(screen.getByRole('button', { name: '选择' }));
  const dialog = await picker();
  await within(dialog).findByText('Teacher 14');
  await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('请选择讲师');
});
