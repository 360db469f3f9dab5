import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, required, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import type { UploadKind } from '../../schema/files';
import { OneToast } from '../../src/layout/OneToast';
import { FileInput } from '../../src/upload/FileInput';
import { signedIn } from './authProviderStub';

const MB = 1024 * 1024;
const png = (name = 'photo.png', size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

interface Setup {
  kind: UploadKind;
  record?: Record<string, unknown>;
  multiple?: boolean;
  max?: number;
  locale?: 'en-US' | 'zh-CN';
  onSubmit?: (values: Record<string, unknown>) => void;
}

/** One file input in a real react-admin form; the network is watched to prove nothing is sent. */
async function renderInput({ kind, record = {}, multiple, max, locale = 'en-US', onSubmit = () => undefined }: Setup) {
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  const xhrSpy = jest.spyOn(XMLHttpRequest.prototype, 'open');
  const view = render(
    <AdminContext dataProvider={testDataProvider()} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor(locale)}>
      <Form record={record} onSubmit={onSubmit}>
        <FileInput source="files" label="Files" kind={kind} multiple={multiple} max={max} validate={required()} />
        <button type="submit">Submit</button>
      </Form>
      <OneToast />
    </AdminContext>,
  );
  // The drop area is a chunk of its own (DropArea): it is live once its file input is in the page.
  await waitFor(() => expect(screen.queryByTestId('dropzone') === null || view.container.querySelector('input[type="file"]') !== null).toBe(true));
  const user = userEvent.setup({ applyAccept: false });
  const fileInput = () => view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const nothingSent = () => {
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  };
  return { ...view, user, fileInput, nothingSent };
}

afterEach(() => jest.restoreAllMocks());

describe('files the console refuses before uploading (SPEC.md section 5)', () => {
  test.each([
    ['image', 'notes.txt', new File(['plain text'], 'notes.txt', { type: 'text/plain' }), 'Please select JPG, PNG file!'],
    ['image', 'anim.gif', new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), 'Please select JPG, PNG file!'],
    ['image', 'huge.png', png('huge.png', 5 * MB + 1), 'Picture size cannot exceed 5MB!'],
    ['pdf', 'notes.txt', new File(['%PDF'], 'notes.txt', { type: 'text/plain' }), 'Please select PDF file!'],
    ['video', 'clip.avi', new File(['RIFF'], 'clip.avi', { type: 'video/x-msvideo' }), 'Please select the correct video file!'],
  ] as const)('%s: %s', async (kind, _name, file, message) => {
    const { user, fileInput, nothingSent } = await renderInput({ kind });
    await user.upload(fileInput(), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    nothingSent();
  });

  test('in the interface language', async () => {
    const { user, fileInput, nothingSent } = await renderInput({ kind: 'image', locale: 'zh-CN' });
    await user.upload(fileInput(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请选择 JPG、PNG 格式的图片！');
    nothingSent();
  });

  test('one refused file stops the whole drop', async () => {
    const { user, fileInput, nothingSent } = await renderInput({ kind: 'image', multiple: true });
    await user.upload(fileInput(), [png('a.png'), new File(['x'], 'b.txt', { type: 'text/plain' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select JPG, PNG file!');
    nothingSent();
  });
});

describe('a list of images holds at most five', () => {
  const five = ['1-a.png', '2-b.png', '3-c.jpg', '4-d.jpg', '5-e.png'];

  test('with five, no more can be added; removing one makes room again', async () => {
    const { user } = await renderInput({ kind: 'image', multiple: true, record: { files: five } });
    const thumbnails = screen.getAllByRole('img');
    expect(thumbnails.map((image) => image.getAttribute('src'))).toEqual(five.map((key) => `/files/${key}`));
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove 3-c.jpg' }));
    expect(screen.getAllByRole('img')).toHaveLength(4);
    expect(screen.getByTestId('dropzone')).toHaveTextContent('Up to 5 files');
  });

  test('a drop that would pass five is refused whole', async () => {
    const { user, fileInput, nothingSent } = await renderInput({ kind: 'image', multiple: true, record: { files: five.slice(0, 4) } });
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 5 files can be added');
    nothingSent();
    expect(screen.getAllByRole('img')).toHaveLength(4);
  });

  test('another maximum can be given', async () => {
    const { user, fileInput, nothingSent } = await renderInput({ kind: 'image', multiple: true, max: 2, record: { files: ['1-a.png'] } });
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 2 files can be added');
    nothingSent();
  });
});

describe('what the field holds', () => {
  test('a PDF or a video shows as its key, linked to the file', async () => {
    await renderInput({ kind: 'pdf', record: { files: '1712345678901-x1.pdf' } });
    expect(screen.getByRole('link', { name: '1712345678901-x1.pdf' })).toHaveAttribute('href', '/files/1712345678901-x1.pdf');
    expect(screen.getByTestId('dropzone')).toHaveTextContent('PDF, at most 50 MB');
  });

  test('removing the one image empties the field', async () => {
    const submitted = jest.fn();
    const { user } = await renderInput({ kind: 'image', record: { files: '1-a.png' }, onSubmit: submitted });
    await user.click(screen.getByRole('button', { name: 'Remove 1-a.png' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Required: the form does not submit and says so under the input, as other inputs do.
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
  });

  test('a kept image submits as its key', async () => {
    const submitted = jest.fn();
    const { user } = await renderInput({ kind: 'image', record: { files: '1-a.png' }, onSubmit: submitted });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toEqual({ files: '1-a.png' });
    expect(within(document.body).queryByText('Required')).not.toBeInTheDocument();
  });
});
