import type { ReactNode } from 'react';
import type { catalogueFields } from '../../schema/course';
import type { Entity } from '../../schema/entity';
import { FieldInput } from '../../src/forms/EntityInputs';
import { PickerInput } from '../../src/pickers/PickerInput';
import { teacherPicker } from '../../src/pickers/pickers';
import { CategorySelectInput } from '../categories/CategorySelectInput';
import { PriceInputs } from './PriceInputs';

/**
 * The inputs of what a course and a series share (`catalogueFields`), in SPEC.md's course form
 * order; `beforeIntroduction` holds what an entity adds (a series' selling points).
 */
export function CatalogueInputs({ entity, beforeIntroduction }: { entity: Entity; beforeIntroduction?: ReactNode }) {
  const field = (name: keyof typeof catalogueFields) => <FieldInput resource={entity.resource} name={name} field={entity.fields[name]} />;
  return (
    <>
      {field('title')}
      <CategorySelectInput source="category_id" isRequired fullWidth />
      {field('cover')}
      <PickerInput source="teacher_ids" picker={teacherPicker} multiple />
      {field('subtitle')}
      <PriceInputs />
      {field('brief')}
      {field('suit_crowds')}
      {beforeIntroduction}
      {field('introduction')}
    </>
  );
}
