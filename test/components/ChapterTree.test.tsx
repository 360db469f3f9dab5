import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import type { ChapterNode } from '../../resources/chapters/chapterAddresses';
import { ChapterTree } from '../../resources/chapters/ChapterTree';
import { OneToast } from '../../src/layout/OneToast';
import { signedIn } from './authProviderStub';

const COURSE = 7;

function node(id: number, title: string, parent_id = 0, more: Partial<ChapterNode> = {}): ChapterNode {
  return { id, title, course_id: COURSE, parent_id, preview_enabled: false, res_type: 'video', res_id: null, pdf_name: '', video: null, begin_at: null, sort_order: 1, children: [], ...more };
}

const demoTree = () => [
  node(1, 'Basics', 0, {
    children: [
      node(11, 'Watch', 1, { res_id: 5, video: { id: 5, title: 'Welcome video' }, preview_enabled: true }),
      node(12, 'Read', 1, { res_type: 'pdf', res_id: '1716200000-ab12cd.pdf', pdf_name: 'syllabus.pdf', begin_at: Date.UTC(2026, 11, 1, 9) }),
      node(13, 'Later', 1),
    ],
  }),
  node(2, 'Practice'),
];

/** The tree of course 7 over a data provider whose `send` answers the tree and records the calls. */
function renderTree(options: { tree?: ChapterNode[]; denied?: string[] } = {}) {
  const tree = options.tree ?? demoTree();
  const send = jest.fn(async (path: string) => (path.endsWith('/chapters/tree') ? tree : null));
  const getOne = jest.fn(async () => ({ data: { id: COURSE, title: 'Data analysis', category: { id: 3, title: 'Programming' } } }));
  render(
    <AdminContext
      dataProvider={{ ...testDataProvider(), getOne, send } as never}
      authProvider={signedIn(options.denied)}
      store={memoryStore()}
      i18nProvider={i18nProviderFor('en-US')}
    >
      <ChapterTree courseId={COURSE} />
      <OneToast />
    </AdminContext>,
  );
  return { send, getOne };
}

const region = (name: string) => screen.getByRole('region', { name: new RegExp(name) });
const rowOf = (title: string) => screen.getByText(title, { exact: true }).closest('[data-testid$="-row"]') as HTMLElement;
/** The test's router is a hash router: the link ends with the console's address. */
const addressOf = (path: string) => expect.stringMatching(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));

test("the course, 'Chapter N' and 'Section N' rows, what each section holds, and the links of SPEC.md's routes", async () => {
  renderTree();
  expect(await screen.findByText('Watch')).toBeInTheDocument();
  expect(screen.getByTestId('chapter-course')).toHaveTextContent('Course: Data analysis · Category: Programming');
  expect(screen.getAllByTestId('chapter-title').map((title) => title.textContent)).toEqual(['Chapter 1 Basics', 'Chapter 2 Practice']);
  expect(within(region('Basics')).getAllByTestId('section-title').map((title) => title.textContent)).toEqual(['Section 1 Watch', 'Section 2 Read', 'Section 3 Later']);
  expect(within(rowOf('Watch')).getByText('Welcome video')).toBeInTheDocument();
  expect(within(rowOf('Watch')).getByText('Free preview')).toBeInTheDocument();
  // A PDF is named as it was uploaded, not by its stored key.
  expect(within(rowOf('Read')).getByText('syllabus.pdf')).toBeInTheDocument();
  expect(within(rowOf('Read')).queryByText(/1716200000-ab12cd/)).toBeNull();
  expect(within(rowOf('Read')).getByText('2026-12-01', { exact: false })).toBeInTheDocument();

  expect(screen.getByRole('link', { name: 'New chapter' })).toHaveAttribute('href', addressOf('/course/7/chapter/create'));
  expect(within(rowOf('Basics')).getByRole('link', { name: 'New section' })).toHaveAttribute('href', addressOf('/course/7/chapter/1/section/1/create'));
  expect(within(rowOf('Basics')).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', addressOf('/course/7/chapter/1/edit?idx=1'));
  expect(within(rowOf('Read')).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', addressOf('/course/7/chapter/12/section/1/edit?idx=2'));
  // Sections take no sections of their own.
  expect(within(rowOf('Read')).queryByRole('link', { name: 'New section' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to the courses' })).toHaveAttribute('href', addressOf('/course'));
});

test("a section without a resource carries the 'no resource' note; one with a resource, or a chapter, does not", async () => {
  renderTree();
  await screen.findByText('Later');
  expect(within(rowOf('Later')).getByTestId('no-resource')).toHaveTextContent('No resource');
  expect(within(rowOf('Watch')).queryByTestId('no-resource')).toBeNull();
  expect(within(rowOf('Read')).queryByTestId('no-resource')).toBeNull();
  expect(within(rowOf('Practice')).queryByTestId('no-resource')).toBeNull();
  expect(screen.getAllByTestId('no-resource')).toHaveLength(1);
});

test('order buttons are disabled at the ends, and a move sends the neighbours of the new place', async () => {
  const { send } = renderTree();
  await screen.findByText('Watch');
  expect(within(rowOf('Watch')).getByRole('button', { name: 'Move up' })).toBeDisabled();
  expect(within(rowOf('Watch')).getByRole('button', { name: 'Move down' })).toBeEnabled();
  expect(within(rowOf('Later')).getByRole('button', { name: 'Move down' })).toBeDisabled();
  expect(within(rowOf('Basics')).getByRole('button', { name: 'Move up' })).toBeDisabled();
  expect(within(rowOf('Practice')).getByRole('button', { name: 'Move down' })).toBeDisabled();
  expect(within(rowOf('Practice')).getByRole('button', { name: 'Move up' })).toBeEnabled();

  await userEvent.click(within(rowOf('Later')).getByRole('button', { name: 'Move up' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/chapters/13/order', { method: 'PUT', body: { after_id: 11, before_id: 12 } }));
  await userEvent.click(within(rowOf('Basics')).getByRole('button', { name: 'Move down' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/chapters/1/order', { method: 'PUT', body: { after_id: 2, before_id: 0 } }));
});

test('deleting a chapter asks first, naming its sections, and sends the delete', async () => {
  const { send } = renderTree();
  await screen.findByText('Watch');
  await userEvent.click(within(rowOf('Basics')).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Do you want to delete this chapter and its 3 sections?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith('/api/v1/chapters/1', { method: 'DELETE' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Delete success');
});

test("empty texts: 'no chapters' for an empty course, 'no sections' under a chapter without any", async () => {
  renderTree({ tree: [] });
  expect(await screen.findByText('This course has no chapters yet')).toBeInTheDocument();
  expect(screen.queryByText('No sections in this chapter yet')).toBeNull();
});

test('a chapter without sections says so, and only there', async () => {
  renderTree();
  await screen.findByText('Watch');
  expect(within(region('Practice')).getByText('No sections in this chapter yet')).toBeInTheDocument();
  expect(within(region('Basics')).queryByText('No sections in this chapter yet')).toBeNull();
  expect(screen.queryByText('This course has no chapters yet')).toBeNull();
});

test('only what the user may do is offered', async () => {
  renderTree({ denied: ['create', 'edit', 'delete'] });
  await screen.findByText('Watch');
  expect(screen.queryByRole('link', { name: 'New chapter' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'New section' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Move up' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});
