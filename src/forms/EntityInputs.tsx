import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, ReferenceArrayInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { Field } from '../../schema/fields';
import { choicesOf, searchFilter } from '../fields/choices';
import { RichTextInput } from '../richText/RichTextInput';
import { MomentInput } from './DateInputs';
import { FileInput } from '../upload/FileInput';
import type { Entity } from '../../schema/entity';

/**
 * Under a text input: 'n / max', and once the limit is reached (the input takes no more) a word
 * saying so, rather than cutting the text silently.
 */
function CharacterCount({ source, max }: { source: string; max: number }) {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: source });
  const length = typeof value === 'string' ? value.length : 0;
  const reached = length >= max;
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }} data-testid={`${source}-count`}>
      <Box component="span" sx={{ color: 'warning.dark' }}>
        {reached ? translate('app.form.max_length_reached', { max }) : ''}
      </Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap', color: reached ? 'warning.dark' : undefined }}>
        {length} / {max}
      </Box>
    </Box>
  );
}

/** A text input's limit: the browser stops typing there, and the count shows how near it is. */
const limitedTo = (source: string, max: number) => ({
  slotProps: { htmlInput: { maxLength: max } },
  helperText: <CharacterCount source={source} max={max} />,
});

/** The input for one declared field: its kind picks the widget, its rules come from the form's resolver. */
export function FieldInput({ resource, name, field }: { resource: string; name: string; field: Field }) {
  const common = { source: name, isRequired: Boolean(field.required), fullWidth: true };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} {...limitedTo(name, field.max)} />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} {...limitedTo(name, field.max)} />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'money':
      return <NumberInput {...common} step={0.01} min={0} />;
    case 'boolean':
      return <BooleanInput source={name} />;
    case 'reference': {
      const targetEntity = field.target();
      const { resource: target, titleField } = targetEntity;
      return field.many ? (
        <ReferenceArrayInput source={name} reference={target}>
          <AutocompleteArrayInput {...common} optionText={titleField} filterToQuery={searchFilter(targetEntity)} />
        </ReferenceArrayInput>
      ) : (
        <ReferenceInput source={name} reference={target}>
          <AutocompleteInput {...common} optionText={titleField} filterToQuery={searchFilter(targetEntity)} />
        </ReferenceInput>
      );
    }
    case 'file':
      return <FileInput {...common} kind={field.file} multiple={field.many} max={field.maxItems} />;
    case 'richText':
      return <RichTextInput {...common} />;
    case 'datetime':
      // The wire holds epoch milliseconds; the input a local date and time.
      return <MomentInput {...common} />;
    case 'enum':
      return (
        <SelectInput
          {...common}
          choices={choicesOf(resource, name, field.choices)}
        />
      );
  }
}

/** Every field of an entity, in the order it declares them. */
export function EntityInputs({ entity }: { entity: Entity }) {
  return (
    <>
      {entity.inputNames.map((name) => (
        <FieldInput key={name} resource={entity.resource} name={name} field={entity.fields[name]} />
      ))}
    </>
  );
}
