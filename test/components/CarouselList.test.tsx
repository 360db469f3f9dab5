import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, testDataProvider, type GetListParams, type RaRecord, type Store } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { CarouselList } from '../../resources/carousels/CarouselList';
import { signedIn } from './authProviderStub';

const group = (id: number, name: string) => ({ id, ucode: `g${id}`, name, description: '' });
const carousel = (id: number, carousel_group_id: number, title: string, extra: Partial<RaRecord> = {}) => ({
  id,
  title,
  description: '',
  carousel_group_id,
  target_type: 'course',
  target_id: null,
  target: null,
  image_link: `banner-${id}.png`,
  image_background_color: '',
  customized_link: '',
  ...extra,
});

/**
 * Groups and carousels in memory, answered as the server does: groups in the order asked, carousels
 * of the group filtered on. `groupsAnswer` holds the groups back until the test lets them go.
 */
function data(groups: RaRecord[], carousels: RaRecord[]) {
  let releaseGroups!: () => void;
  const groupsHeld = new Promise<void>((resolve) => (releaseGroups = resolve));
  let holding = false;
  const getList = jest.fn(async (resource: string, { filter = {}, sort }: GetListParams) => {
    if (resource === 'carousel_group') {
      if (holding) await groupsHeld;
      const ordered = [...groups].sort((a, b) => (sort?.order === 'ASC' ? Number(a.id) - Number(b.id) : Number(b.id) - Number(a.id)));
      return { data: ordered as never[], total: groups.length };
    }
    const rows = carousels.filter((row) => filter.carousel_group_id === undefined || row.carousel_group_id === filter.carousel_group_id);
    return { data: rows as never[], total: rows.length };
  });
  const getMany = jest.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
    data: (resource === 'carousel_group' ? groups.filter((row) => ids.includes(row.id)) : []) as never[],
  }));
  return {
    dataProvider: testDataProvider({ getList, getMany }),
    getList,
    hold: () => (holding = true),
    releaseGroups,
    carouselCalls: () => getList.mock.calls.filter(([resource]) => resource === 'carousel').map(([, params]) => params.filter),
  };
}

function renderList(table: ReturnType<typeof data>, { store = memoryStore(), denied = [] as string[] } = {}) {
  render(
    <AdminContext dataProvider={table.dataProvider} authProvider={signedIn(denied)} store={store} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value="carousel">
        <CarouselList />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return store;
}

const groupFilter = () => screen.findByRole('combobox', { name: /Carousel group/ });

beforeEach(() => window.history.replaceState(null, '', '/'));

test('a spinner shows until the groups are there, then the first group (the oldest) is listed', async () => {
  const table = data([group(7, 'Course page'), group(3, 'Home page')], [carousel(1, 3, 'Spring sale'), carousel(2, 7, 'Free preview')]);
  table.hold();
  renderList(table);
  expect(await screen.findByRole('progressbar', { name: 'Loading the carousel groups' })).toBeInTheDocument();
  expect(table.carouselCalls()).toEqual([]);

  table.releaseGroups();
  await waitFor(async () => expect(await groupFilter()).toHaveValue('Home page'));
  expect(await screen.findByRole('button', { name: 'Spring sale' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Free preview' })).not.toBeInTheDocument();
  expect(screen.queryByRole('progressbar', { name: 'Loading the carousel groups' })).not.toBeInTheDocument();
  // The carousels are asked for one group only, from the first call on.
  expect(table.carouselCalls().every((filter) => filter.carousel_group_id === 3)).toBe(true);
});

test('another group chosen is listed and remembered in the Store', async () => {
  const table = data([group(3, 'Home page'), group(7, 'Course page')], [carousel(1, 3, 'Spring sale'), carousel(2, 7, 'Free preview')]);
  const store = renderList(table);
  await screen.findByRole('button', { name: 'Spring sale' });
  await userEvent.click(await groupFilter());
  await userEvent.click(await screen.findByRole('option', { name: 'Course page' }));
  expect(await screen.findByRole('button', { name: 'Free preview' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Spring sale' })).not.toBeInTheDocument());
  expect(store.getItem('carousel.group')).toBe(7);
});

test.each([
  ['the group remembered', 7, 'Course page', 'Free preview'],
  ['the first group, when the remembered one is gone', 99, 'Home page', 'Spring sale'],
])('opens on %s', async (_, remembered, groupName, shown) => {
  const store: Store = memoryStore({ 'carousel.group': remembered });
  const table = data([group(3, 'Home page'), group(7, 'Course page')], [carousel(1, 3, 'Spring sale'), carousel(2, 7, 'Free preview')]);
  renderList(table, { store });
  await waitFor(async () => expect(await groupFilter()).toHaveValue(groupName));
  expect(await screen.findByRole('button', { name: shown })).toBeInTheDocument();
});

test('no group: says so and links to creating one', async () => {
  renderList(data([], []));
  const empty = await screen.findByTestId('no-carousel-groups');
  expect(empty).toHaveTextContent('No carousel groups yet');
  await waitFor(() => expect(within(empty).getByRole('link', { name: 'Create a carousel group' })).toHaveAttribute('href', expect.stringMatching(/\/carousel_group\/create$/)));
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
});

test('no group and no right to create one: the explanation without the link', async () => {
  renderList(data([], []), { denied: ['create'] });
  const empty = await screen.findByTestId('no-carousel-groups');
  expect(empty).toHaveTextContent('Create a group first');
  // Give the privilege check time to answer before looking for what it would have allowed.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
});

test('each card shows the image on its background colour, the swatch, the target course and the link', async () => {
  const table = data(
    [group(3, 'Home page')],
    [carousel(1, 3, 'Spring sale', { image_background_color: '#1E3A5F', customized_link: 'https://example.com/spring', target_id: 5, target: { id: 5, title: 'React basics' } })],
  );
  renderList(table);
  const card = (await screen.findByRole('button', { name: 'Spring sale' })).closest<HTMLElement>('[data-testid="record-card"]')!;
  const banner = within(card).getByTestId('carousel-banner');
  expect(banner).toHaveStyle({ backgroundColor: '#1E3A5F' });
  expect(within(banner).getByRole('img', { name: 'Spring sale' })).toHaveAttribute('src', expect.stringMatching(/\/files\/banner-1\.png$/));
  expect(card).toHaveTextContent('Background colour: #1E3A5F');
  expect(card).toHaveTextContent('Target course: React basics');
  expect(within(card).getByRole('link', { name: 'https://example.com/spring' })).toHaveAttribute('target', '_blank');
  // The image is the card's picture, not one of its lines.
  expect(card).not.toHaveTextContent('Image:');
});
