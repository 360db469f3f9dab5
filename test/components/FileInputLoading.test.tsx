import { createEvent, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, memoryStore, testDataProvider } from 'react-admin';
import { FileInput } from '../../src/upload/FileInput';
import { signedIn } from './authProviderStub';
import { i18nProviderFor } from './i18nProviderFor';

// A file of its own: the drop area's chunk loads once per file, and only its first render shows the area still loading.
test('until the drop area is live, a file dropped on it is let go, not opened by the browser in place of the form', async () => {
  const view = render(
    <AdminContext dataProvider={testDataProvider()} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <Form record={{}}>
        <FileInput source="photo" label="Photo" kind="image" />
      </Form>
    </AdminContext>,
  );
  const area = screen.getByTestId('dropzone');
  expect(area).toHaveTextContent('JPG or PNG');
  expect(view.container.querySelector('input[type="file"]')).toBeNull();
  const letGo = [createEvent.dragOver(area), createEvent.drop(area)].map((event) => {
    fireEvent(area, event);
    return event.defaultPrevented;
  });
  // Then the area is live, with its file input (waited for before asserting, so that it arrives within the test).
  await waitFor(() => expect(view.container.querySelector('input[type="file"]')).not.toBeNull());
  expect(letGo).toEqual([true, true]);
});
