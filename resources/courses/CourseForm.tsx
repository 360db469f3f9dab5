import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useState } from 'react';
import { NumberInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { course } from '../../schema/course';
import { FieldInput } from '../../src/forms/EntityInputs';
import { CreatePage, EditPage, type FormDefinition } from '../../src/forms/EntityForms';
import { PickerInput } from '../../src/pickers/PickerInput';
import { teacherPicker } from '../../src/pickers/pickers';
import { CategorySelectInput } from '../categories/CategorySelectInput';

const field = (name: keyof typeof course.fields) => <FieldInput resource={course.resource} name={name} field={course.fields[name]} />;

/**
 * Free or paid: a helper of the form, never sent. Free sets the price and the original price to 0,
 * locks the price and hides the original price; a course stored at 0 (or with no price) opens as free.
 */
function PriceInputs() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { setValue } = useFormContext();
  const [chosen, setChosen] = useState<boolean>();
  const free = chosen ?? (record?.id !== undefined && !record.price);

  const choose = (value: string) => {
    const nowFree = value === 'free';
    setChosen(nowFree);
    if (nowFree) {
      setValue('price', 0, { shouldDirty: true, shouldValidate: true });
      setValue('original_price', 0, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <>
      <FormControl>
        <FormLabel id="course-charge-label" sx={{ fontSize: '0.75rem' }}>{translate('resources.course.charge.label')}</FormLabel>
        <RadioGroup row aria-labelledby="course-charge-label" value={free ? 'free' : 'fees'} onChange={(event) => choose(event.target.value)}>
          <FormControlLabel value="free" control={<Radio size="small" />} label={translate('resources.course.charge.free')} />
          <FormControlLabel value="fees" control={<Radio size="small" />} label={translate('resources.course.charge.fees')} />
        </RadioGroup>
      </FormControl>
      <NumberInput source="price" step={0.01} min={0} readOnly={free} fullWidth />
      {!free && <NumberInput source="original_price" step={0.01} min={0} fullWidth />}
    </>
  );
}

/** SPEC.md's course form, in its order. */
const inputs = (
  <>
    {field('title')}
    <CategorySelectInput source="category_id" isRequired fullWidth />
    {field('cover')}
    <PickerInput source="teacher_ids" picker={teacherPicker} multiple />
    {field('subtitle')}
    <PriceInputs />
    {field('brief')}
    {field('suit_crowds')}
    {field('introduction')}
  </>
);

const form: FormDefinition = { schema: course.input, inputs };

/** /course/create */
export const CourseCreate = () => <CreatePage form={form} />;
/** /course/edit/{id} */
export const CourseEdit = () => <EditPage form={form} />;
