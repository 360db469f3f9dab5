import { Box } from '@mui/material';
import { Labeled } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { carousel } from '../../schema/carousel';
import { CreatePage, EditPage, type FormDefinition } from '../../src/forms/EntityForms';
import { FieldInput } from '../../src/forms/EntityInputs';
import { PickerInput } from '../../src/pickers/PickerInput';
import { coursePicker } from '../../src/pickers/pickers';
import { CarouselBanner } from './CarouselPreview';
import { CarouselGroupInput } from './CarouselGroupInput';
import { ColourInput } from './ColourInput';

const field = (name: keyof typeof carousel.fields) => <FieldInput resource={carousel.resource} name={name} field={carousel.fields[name]} />;

/** The image on its background colour as the app will show it, as both change (once there is an image). */
function BannerPreview() {
  const [image_link, image_background_color, title] = useWatch({ name: ['image_link', 'image_background_color', 'title'] });
  if (!image_link) return null;
  return (
    <Labeled label="resources.carousel.preview" fullWidth>
      <Box sx={{ width: 1, maxWidth: 480, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <CarouselBanner record={{ id: 'preview', image_link, image_background_color, title }} />
      </Box>
    </Labeled>
  );
}

/**
 * The carousel form. The group is searched among all groups, oldest first as the list offers them (a
 * create opened from the list starts in the group it shows). The target is a course (the only
 * target type, which the server sets), chosen in the course picker.
 */
const inputs = (
  <>
    {field('title')}
    {field('description')}
    <CarouselGroupInput source="carousel_group_id" isRequired />
    <PickerInput source="target_id" picker={coursePicker} />
    {field('image_link')}
    <ColourInput source="image_background_color" />
    <BannerPreview />
    {field('customized_link')}
  </>
);

const form: FormDefinition = { schema: carousel.input, inputs };

/** /carousel/create */
export const CarouselCreate = () => <CreatePage form={form} />;
/** /carousel/edit/{id} */
export const CarouselEdit = () => <EditPage form={form} />;
