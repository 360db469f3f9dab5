import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, RecordContextProvider, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { OneToast } from '../../src/layout/OneToast';
import { RichTextField } from '../../src/richText/RichTextField';
import { RichTextInput } from '../../src/richText/RichTextInput';
import { signedIn } from './authProviderStub';

// The editor is a lazy chunk of its own: on a busy machine it takes more than a second to arrive.
configure({ asyncUtilTimeout: 15_000 });

function renderEditor(record: Record<string, unknown>, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const submitted = jest.fn();
  const view = render(
    <AdminContext dataProvider={testDataProvider()} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor(locale)}>
      <Form record={record} onSubmit={submitted}>
        <RichTextInput source="introduction" label="Introduction" />
        <button type="submit">Submit</button>
      </Form>
      <OneToast />
    </AdminContext>,
  );
  return { ...view, submitted, editor: () => view.container.querySelector<HTMLElement>('.ProseMirror') };
}

afterEach(() => jest.restoreAllMocks());

describe('RichTextInput', () => {
  test("loads lazily and shows the record's content at once, and submits what it holds", async () => {
    const { editor, submitted } = renderEditor({ introduction: '<h2>About</h2><p style="text-align: center">Learn <strong>fast</strong></p>' });
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(editor()).toHaveTextContent('Learn fast');
    expect(within(editor()!).getByText('fast').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0]).toEqual({ introduction: '<h2>About</h2><p style="text-align: center">Learn <strong>fast</strong></p>' });
  });

  test('the toolbar offers what the server keeps, in the interface language', async () => {
    renderEditor({ introduction: '<p>x</p>' }, 'zh-CN');
    expect(await screen.findByRole('button', { name: '粗体' })).toBeInTheDocument();
    for (const name of ['斜体', '下划线', '居中', '无序列表', '添加链接', '引用', '清除格式', '插入图片（JPG 或 PNG，不超过 5 MB）', '预览'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // No colours: the server would drop them.
    expect(screen.queryByRole('button', { name: /color|highlight/i })).not.toBeInTheDocument();
  });

  test('the preview shows the text as it will look', async () => {
    renderEditor({ introduction: '<h2>Syllabus</h2><ul><li><p>Week one</p></li></ul>' });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Preview: as it will be shown');
    expect(await within(dialog).findByRole('heading', { name: 'Syllabus' })).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Week one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the picture button refuses what is not a JPEG or PNG under 5 MB, and uploads nothing', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const xhrSpy = jest.spyOn(XMLHttpRequest.prototype, 'open');
    renderEditor({ introduction: '<p>x</p>' });
    await screen.findByRole('button', { name: 'Preview' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('rich-text-image-file'), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select JPG, PNG file!');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
  });
});

describe('RichTextField', () => {
  function renderField(introduction: unknown) {
    return render(
      <AdminContext dataProvider={testDataProvider()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
        <RecordContextProvider value={{ id: 1, introduction }}>
          <RichTextField source="introduction" emptyText="-" />
        </RecordContextProvider>
      </AdminContext>,
    );
  }

  test('renders only sanitised HTML', async () => {
    const hostile =
      '<p onclick="window.pwned = 1">Hello <a href="javascript:window.pwned = 2">link</a></p>' +
      '<script>window.pwned = 3</script><img src="x.png" onerror="window.pwned = 4" /><iframe src="https://evil.example"></iframe>';
    const { container } = renderField(hostile);
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    const html = container.innerHTML;
    expect(html).not.toMatch(/onclick|onerror|javascript:|<script|<iframe/i);
    expect(screen.getByText('link').closest('a')).not.toHaveAttribute('href');
    expect(container.querySelector('img')).toHaveAttribute('src', 'x.png');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  test('keeps what the editor makes', async () => {
    renderField('<h3 style="text-align: right">Teacher</h3><p><em>Ten</em> years</p>');
    const heading = await screen.findByRole('heading', { name: 'Teacher' });
    expect(heading).toHaveStyle({ textAlign: 'right' });
    expect(screen.getByText('Ten').tagName).toBe('EM');
  });

  test('an empty value shows the empty text', () => {
    renderField('');
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
