import type { ReactElement } from 'react';
import { NullableBooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput, AutocompleteInput } from 'react-admin';
import type { Entity } from '../../schema/entity';
import { choicesOf, searchFilter } from '../fields/choices';

/** The filters an entity declares (`filter: true`), as inputs beside the search box. */
export function entityFilters(entity: Entity): ReactElement[] {
  return entity.filterNames.map((name) => {
    const field = entity.fields[name];
    const common = { source: name, alwaysOn: true };
    switch (field.kind) {
      case 'enum':
        return <SelectInput key={name} {...common} choices={choicesOf(entity.resource, name, field.choices)} />;
      case 'boolean':
        return <NullableBooleanInput key={name} {...common} />;
      case 'integer':
        return <NumberInput key={name} {...common} />;
      case 'reference':
        return (
          <ReferenceInput key={name} {...common} reference={field.target().resource}>
            <AutocompleteInput optionText={field.target().titleField} filterToQuery={searchFilter(field.target())} />
          </ReferenceInput>
        );
      default:
        return <TextInput key={name} {...common} />;
    }
  });
}
