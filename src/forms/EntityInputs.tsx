import { AutocompleteArrayInput, AutocompleteInput, BooleanInput, DateTimeInput, NumberInput, ReferenceArrayInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import type { Field } from '../../schema/fields';
import { RichTextInput } from '../richText/RichTextInput';
import { FileInput } from '../upload/FileInput';
import type { Entity } from '../../schema/entity';

/** The input for one declared field: its kind picks the widget, its rules come from the form's resolver. */
export function FieldInput({ resource, name, field }: { resource: string; name: string; field: Field }) {
  const common = { source: name, isRequired: Boolean(field.required), fullWidth: true };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} slotProps={{ htmlInput: { maxLength: field.max } }} />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} slotProps={{ htmlInput: { maxLength: field.max } }} />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'money':
      return <NumberInput {...common} step={0.01} min={0} />;
    case 'boolean':
      return <BooleanInput source={name} />;
    case 'reference': {
      const { resource: target, titleField } = field.target();
      return field.many ? (
        <ReferenceArrayInput source={name} reference={target}>
          <AutocompleteArrayInput {...common} optionText={titleField} />
        </ReferenceArrayInput>
      ) : (
        <ReferenceInput source={name} reference={target}>
          <AutocompleteInput {...common} optionText={titleField} />
        </ReferenceInput>
      );
    }
    case 'file':
      return <FileInput {...common} kind={field.file} multiple={field.many} max={field.maxItems} />;
    case 'richText':
      return <RichTextInput {...common} />;
    case 'datetime':
      // The wire holds epoch milliseconds; the input a local date and time.
      return <DateTimeInput {...common} parse={(value: string) => (value ? new Date(value).getTime() : null)} />;
    case 'enum':
      return (
        <SelectInput
          {...common}
          choices={field.choices.map((choice) => ({ id: choice, name: `resources.${resource}.choices.${name}.${choice}` }))}
        />
      );
  }
}

/** Every field of an entity, in the order it declares them. */
export function EntityInputs({ entity }: { entity: Entity }) {
  return (
    <>
      {entity.names.map((name) => (
        <FieldInput key={name} resource={entity.resource} name={name} field={entity.fields[name]} />
      ))}
    </>
  );
}
