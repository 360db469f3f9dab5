import { Box, InputAdornment } from '@mui/material';
import type { ChangeEvent } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { carousel } from '../../schema/carousel';
import { ColourSwatch, paintable } from './CarouselPreview';

/** `#abc` as the colour picker takes it, `#aabbcc`. */
const sixDigits = (colour: string) =>
  (colour.length === 4 ? `#${[...colour.slice(1)].map((digit) => digit + digit).join('')}` : colour).toLowerCase();

/**
 * The background colour: typed as `#RGB` or `#RRGGBB` (the schema's rule; an error under the field
 * otherwise), or picked with the browser's colour picker behind the swatch, which shows the colour
 * as soon as it is one.
 */
export function ColourInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const colour = paintable(useWatch({ name: source }));
  const field = carousel.fields.image_background_color;
  const pick = (picked: string) => setValue(source, picked.toUpperCase(), { shouldDirty: true, shouldValidate: true, shouldTouch: true });

  const swatch = (
    <InputAdornment position="start">
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <ColourSwatch colour={colour} size={24} />
        {/* Invisible over the swatch: a click on the swatch opens the browser's picker. */}
        <Box
          component="input"
          type="color"
          value={colour ? sixDigits(colour) : '#ffffff'}
          onChange={(event: ChangeEvent<HTMLInputElement>) => pick(event.target.value)}
          aria-label={translate('resources.carousel.pick_colour')}
          sx={{ position: 'absolute', inset: 0, width: 1, height: 1, opacity: 0, cursor: 'pointer', p: 0, border: 0 }}
        />
      </Box>
    </InputAdornment>
  );

  return (
    <TextInput
      source={source}
      fullWidth
      helperText="resources.carousel.colour_hint"
      slotProps={{ htmlInput: { maxLength: field.max, spellCheck: false }, input: { startAdornment: swatch } }}
    />
  );
}
