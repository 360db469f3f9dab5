import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  Form,
  HttpError,
  memoryStore,
  RecordContextProvider,
  ResourceContextProvider,
  SaveButton,
  testDataProvider,
  type GetListParams,
  type GetManyReferenceParams,
  type RaRecord,
} from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { PublishSwitch } from '../../resources/series/PublishSwitch';
import { SeriesCourseList } from '../../resources/series/SeriesCourseList';
import { OneToast } from '../../src/layout/OneToast';
import { PickerInput } from '../../src/pickers/PickerInput';
import { seriesPicker } from '../../src/pickers/pickers';
import type { RequestOptions } from '../../src/http';
import { signedIn } from './authProviderStub';
import { allowRefusalLog } from './refusals';

type Locale = 'en-US' | 'zh-CN' | 'ja-JP';

const courses: RaRecord[] = [
  { id: 1, title: 'HTML basics', category: { id: 5, title: 'Web development' }, price: 0, cover: '' },
  { id: 2, title: 'CSS layout', category: { id: 5, title: 'Web development' }, price: 49, cover: '' },
  { id: 3, title: 'JavaScript in depth', category: { id: 5, title: 'Web development' }, price: 99, cover: '' },
  { id: 4, title: 'Testing the web', category: { id: 5, title: 'Web development' }, price: 59, cover: '' },
];
const seriesRows: RaRecord[] = [
  { id: 7, title: 'Front-end path', category_id: 5, category: { id: 5, title: 'Web development' }, available: false },
  { id: 8, title: 'Data path', category_id: 6, category: { id: 6, title: 'Data science' }, available: true },
];

/**
 * A platform in memory that answers as the series calls do: the series list searched by `word`,
 * the course list by `keyword`, a series' courses in its order, and the add, remove and publish
 * calls changing them (what is already in is passed over; removing one that is not in is a 404).
 */
function platform() {
  const inSeries = new Map<number, number[]>([[7, [1]]]);
  const getList = jest.fn(async (resource: string, { filter = {}, pagination = { page: 1, perPage: 10 } }: GetListParams) => {
    const rows =
      resource === 'series_course'
        ? (inSeries.get(Number(filter.series_id)) ?? []).map((id) => courses.find((course) => course.id === id)!)
        : resource === 'series'
          ? seriesRows.filter((row) => !filter.word || String(row.title).includes(String(filter.word)))
          : courses.filter((row) => !filter.keyword || String(row.title).includes(String(filter.keyword)));
    const start = (pagination.page - 1) * pagination.perPage;
    return { data: rows.slice(start, start + pagination.perPage) as never[], total: rows.length };
  });
  const send = jest.fn(async (path: string, options: RequestOptions = {}) => {
    const adding = /^\/api\/v1\/sys\/series\/(\d+)\/courses$/.exec(path);
    if (adding) {
      const held = inSeries.get(Number(adding[1])) ?? [];
      const fresh = (options.body as number[]).filter((id) => !held.includes(id));
      inSeries.set(Number(adding[1]), [...held, ...fresh]);
      return { added: fresh.length, total: held.length + fresh.length };
    }
    const removing = /^\/api\/v1\/sys\/series\/(\d+)\/courses\/(\d+)$/.exec(path);
    if (removing) {
      const held = inSeries.get(Number(removing[1])) ?? [];
      if (!held.includes(Number(removing[2]))) throw new HttpError('', 404, {});
      inSeries.set(Number(removing[1]), held.filter((id) => id !== Number(removing[2])));
      return null;
    }
    return {};
  });
  // As the console's data provider does: the reference is one more filter of the list.
  const getManyReference = jest.fn((resource: string, params: GetManyReferenceParams) =>
    getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
  );
  return { dataProvider: testDataProvider({ getList, getManyReference, getMany: async () => ({ data: [] }), send } as never), getList, send, inSeries };
}

function renderWith(children: React.ReactNode, data: ReturnType<typeof platform>, { locale = 'en-US', denied = [] }: { locale?: Locale; denied?: string[] } = {}) {
  render(
    <AdminContext dataProvider={data.dataProvider} authProvider={signedIn(denied)} store={memoryStore()} i18nProvider={i18nProviderFor(locale)}>
      {children}
      <OneToast />
    </AdminContext>,
  );
}

describe('the series picker', () => {
  test('title and category, searched by word; "Please select a series" until one is chosen; the chosen id is what the form sends', async () => {
    const data = platform();
    const submitted = jest.fn();
    renderWith(
      <Form record={{}} onSubmit={submitted}>
        <PickerInput source="resource_id" picker={seriesPicker} />
        <SaveButton alwaysEnable />
      </Form>,
      data,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Select a series' })).toBeInTheDocument();
    await within(dialog).findByText('Data path');
    expect(within(dialog).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Chosen', 'Title', 'Category']);
    expect(within(dialog).getByText('Data science')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a series');

    await userEvent.type(within(dialog).getByRole('searchbox'), 'Front');
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(1));
    expect(data.getList).toHaveBeenLastCalledWith('series', expect.objectContaining({ filter: { word: 'Front' } }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choose Front-end path' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Front-end path')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toMatchObject({ resource_id: 7 });
  });

  test('in Japanese: its title and its empty-confirm message', async () => {
    renderWith(
      <Form record={{}} onSubmit={jest.fn()}>
        <PickerInput source="resource_id" picker={seriesPicker} />
      </Form>,
      platform(),
      { locale: 'ja-JP' },
    );
    await userEvent.click(screen.getByRole('button', { name: '選択' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'シリーズを選択' })).toBeInTheDocument();
    await within(dialog).findByText('Data path');
    await userEvent.click(within(dialog).getByRole('button', { name: '決定' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('シリーズを選択してください');
  });
});

describe('the publish switch', () => {
  const renderSwitch = (record: RaRecord, data = platform(), options: { locale?: Locale; denied?: string[] } = {}) => {
    renderWith(
      <ResourceContextProvider value="series">
        <RecordContextProvider value={record}>
          <PublishSwitch record={record} />
        </RecordContextProvider>
      </ResourceContextProvider>,
      data,
      options,
    );
    return data;
  };
  /** The switch once the access check has answered (until then it shows the state, switched off). */
  const enabledSwitch = async (name: string) => {
    await waitFor(() => expect(screen.getByRole('switch', { name })).toBeEnabled());
    return screen.getByRole('switch', { name });
  };

  test('publishing asks first, naming the series, then says "Series published successfully"', async () => {
    const data = renderSwitch(seriesRows[0]);
    const toggle = await enabledSwitch('Published');
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Unpublished')).toBeInTheDocument();
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Publish the series "Front-end path"?');
    expect(data.send).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Series published successfully');
    expect(data.send).toHaveBeenCalledWith('/api/v1/sys/series/7/publish', { method: 'POST' });
  });

  test('unpublishing in Chinese says "系列课程下架成功"; cancelling changes nothing', async () => {
    const data = renderSwitch(seriesRows[1], platform(), { locale: 'zh-CN' });
    const toggle = await enabledSwitch('已发布');
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(data.send).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定下架系列课程“Data path”吗？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('系列课程下架成功');
    expect(data.send).toHaveBeenCalledWith('/api/v1/sys/series/8/unpublish', { method: 'POST' });
  });

  test('a failure without a reason says "Operation failed"', async () => {
    allowRefusalLog();
    const data = platform();
    data.send.mockRejectedValueOnce(new HttpError('', 0, {}));
    renderSwitch(seriesRows[0], data);
    await userEvent.click(await enabledSwitch('Published'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Operation failed');
  });

  test('whoever may not publish sees the state, and cannot switch it', async () => {
    renderSwitch(seriesRows[1], platform(), { denied: ['publish'] });
    // Disabled also while the access check is pending: give it time to answer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.getByRole('switch', { name: 'Published' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Published' })).toBeChecked();
  });
});

describe("a series' courses", () => {
  const renderCourses = (options: { locale?: Locale; denied?: string[] } = {}) => {
    const data = platform();
    renderWith(<SeriesCourseList record={seriesRows[0]} />, data, options);
    return data;
  };
  const titles = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);

  test('listed in the series order; two added at once through the course picker, one removed after a confirmation', async () => {
    const data = renderCourses();
    await screen.findByText('HTML basics');
    expect(data.getList).toHaveBeenCalledWith('series_course', expect.objectContaining({ filter: { series_id: 7 } }));

    await userEvent.click(screen.getByRole('button', { name: 'Add courses' }));
    const picker = await screen.findByRole('dialog');
    expect(within(picker).getByRole('heading', { name: 'Select a course' })).toBeInTheDocument();
    await userEvent.click(await within(picker).findByRole('checkbox', { name: 'Choose CSS layout' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Choose Testing the web' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 courses added');
    expect(data.send).toHaveBeenCalledWith('/api/v1/sys/series/7/courses', { method: 'POST', body: [2, 4] });
    // Added last, in the order chosen.
    await waitFor(() => expect(titles()).toEqual(['HTML basics', 'CSS layout', 'Testing the web']));

    const row = screen.getByText('CSS layout').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Remove the course "CSS layout" from this series? The course itself stays.');
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Course removed successfully'));
    expect(data.send).toHaveBeenCalledWith('/api/v1/sys/series/7/courses/2', { method: 'POST' });
    await waitFor(() => expect(titles()).toEqual(['HTML basics', 'Testing the web']));
    expect(screen.getAllByRole('row')[2]).toHaveTextContent(/^2/);
  });

  test('adding only courses already in says so; a failed removal says "Operation failed"', async () => {
    allowRefusalLog();
    const data = renderCourses();
    await screen.findByText('HTML basics');
    await userEvent.click(screen.getByRole('button', { name: 'Add courses' }));
    const picker = await screen.findByRole('dialog');
    await userEvent.click(await within(picker).findByRole('checkbox', { name: 'Choose HTML basics' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These courses are already in the series');

    // Someone else took it out meanwhile: the call fails with no reason of its own.
    data.inSeries.set(7, []);
    await userEvent.click(within(screen.getByText('HTML basics').closest('tr') as HTMLElement).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Operation failed'));
  });

  test('in Japanese, for whoever may only read: the courses, and neither add nor remove', async () => {
    renderCourses({ locale: 'ja-JP', denied: ['edit'] });
    await screen.findByText('HTML basics');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['番号', 'コース', 'カテゴリー', '価格']);
    expect(screen.getByText('無料')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'コースを追加' })).toBeNull();
    expect(screen.queryByRole('button', { name: '外す' })).toBeNull();
  });
});
