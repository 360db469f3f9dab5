import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { series } from '../../schema/series';
import { FieldInput } from '../../src/forms/EntityInputs';
import { CreatePage, EditPage, type FormDefinition } from '../../src/forms/EntityForms';
import { CatalogueInputs } from '../courses/CatalogueInputs';

/** The course form's fields, and the series' selling points. */
const inputs = (
  <CatalogueInputs entity={series} beforeIntroduction={<FieldInput resource={series.resource} name="features" field={series.fields.features} />} />
);

const form: FormDefinition = { schema: series.input, inputs };

/** SPEC.md's preset values of a new series: a sample title (in the user's language), category 1, free. */
const PRESET_CATEGORY_ID = 1;

/** /series/create */
export function SeriesCreate() {
  const translate = useTranslate();
  const title = translate(`resources.${series.resource}.preset_title`);
  const defaults = useMemo(() => ({ title, category_id: PRESET_CATEGORY_ID, price: 0, original_price: 0 }), [title]);
  return <CreatePage form={form} defaults={defaults} />;
}

/** /series/edit/{id} */
export const SeriesEdit = () => <EditPage form={form} />;
