import type { ReactElement } from 'react';
import { NullableBooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput, AutocompleteInput } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { choicesOf } from '../fields/choices';

/** The filters an entity declares (`filter: true`), as inputs beside the search box. */
export function entityFilters(entity: Entity): ReactElement[] {
  return entity.filterNames.map((name) => {
    const field = entity.fields[name];
    const common = { key: name, source: name, alwaysOn: true };
    switch (field.kind) {
      case 'enum':
        return <SelectInput {...common} choices={choicesOf(entity.resource, name, field.choices)} />;
      case 'boolean':
        return <NullableBooleanInput {...common} />;
      case 'integer':
        return <NumberInput {...common} />;
      case 'reference':
        return (
          <ReferenceInput {...common} reference={field.target().resource}>
            <AutocompleteInput optionText={field.target().titleField} />
          </ReferenceInput>
        );
      default:
        return <TextInput {...common} />;
    }
  });
}
