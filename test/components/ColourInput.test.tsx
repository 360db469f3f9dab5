import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, ResourceContextProvider, testDataProvider } from 'react-admin';
import { i18nProviderFor } from './i18nProviderFor';
import { carousel } from '../../schema/carousel';
import { ColourInput } from '../../resources/carousels/ColourInput';
import { schemaResolver } from '../../src/forms/resolver';
import { signedIn } from './authProviderStub';

/** The colour input in a form checked by the carousel's own rules (only the colour: the other fields are filled). */
function renderInput(record: Record<string, unknown>, onSubmit = jest.fn()) {
  const filled = { title: 'Spring', carousel_group_id: 1, image_link: 'banner.png', ...record };
  render(
    <AdminContext dataProvider={testDataProvider()} authProvider={signedIn()} store={memoryStore()} i18nProvider={i18nProviderFor('en-US')}>
      <ResourceContextProvider value="carousel">
        <Form record={filled} onSubmit={onSubmit} resolver={schemaResolver(carousel.input)}>
          <ColourInput source="image_background_color" />
          <button type="submit">Submit</button>
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return { onSubmit, input: () => screen.getByLabelText('Background colour') as HTMLInputElement, swatch: () => screen.getByTestId('colour-swatch') };
}

test('a stored colour shows in the swatch; the picker writes its choice in upper case, as #RRGGBB', async () => {
  const { input, swatch } = renderInput({ image_background_color: '#1e3a5f' });
  expect(input()).toHaveValue('#1e3a5f');
  expect(swatch()).toHaveAttribute('data-colour', '#1e3a5f');
  expect(swatch()).toHaveStyle({ backgroundColor: '#1e3a5f' });
  // The picker takes six digits: a short colour opens as its long form.
  const picker = screen.getByLabelText('Pick a colour') as HTMLInputElement;
  expect(picker.value).toBe('#1e3a5f');
  // The pick is validated at once (asynchronously, as react-hook-form does).
  await act(async () => {
    fireEvent.change(picker, { target: { value: '#00aa00' } });
  });
  expect(input()).toHaveValue('#00AA00');
  expect(swatch()).toHaveStyle({ backgroundColor: '#00AA00' });
});

test('a short colour opens in the picker as its long form', () => {
  renderInput({ image_background_color: '#FA0' });
  expect((screen.getByLabelText('Pick a colour') as HTMLInputElement).value).toBe('#ffaa00');
});

test('a bad colour is refused under the field and nothing is submitted; empty is allowed', async () => {
  const { input, swatch, onSubmit } = renderInput({ image_background_color: '' });
  // No colour: the swatch is the struck-through empty square.
  expect(swatch()).toHaveAttribute('data-colour', 'none');
  await userEvent.type(input(), '#12345');
  expect(swatch()).toHaveAttribute('data-colour', 'none');
  await userEvent.type(input(), '6');
  expect(swatch()).toHaveAttribute('data-colour', '#123456');
  await userEvent.type(input(), '{Backspace}G');
  expect(swatch()).toHaveAttribute('data-colour', 'none');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('A colour such as #FFF or #1A2B3C')).toBeInTheDocument();
  expect(input()).toHaveAccessibleDescription('A colour such as #FFF or #1A2B3C');
  expect(onSubmit).not.toHaveBeenCalled();

  await userEvent.clear(input());
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByText('#RGB or #RRGGBB, shown around the image; empty for none');
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit.mock.calls[0][0]).toMatchObject({ image_background_color: '' });
});
