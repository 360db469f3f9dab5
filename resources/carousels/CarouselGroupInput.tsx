import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { carouselGroup } from '../../schema/carouselGroup';
import { searchFilter } from '../../src/fields/choices';

/** Groups oldest first, as the list opens on the oldest: a new group never moves the others. */
export const OLDEST_FIRST = { field: 'id', order: 'ASC' as const };

/** Typing searches every group on the server (ucode, name, description), however many there are. */
const searchGroups = searchFilter(carouselGroup);

export interface CarouselGroupInputProps {
  source: string;
  alwaysOn?: boolean;
  /** A list's filter always shows one group: it cannot be emptied. */
  disableClearable?: boolean;
  helperText?: false;
  isRequired?: boolean;
}

/**
 * The one way to choose a carousel group (the list's filter, the form): react-admin's reference
 * input with the group's search, so it reaches every group, a page of matches at a time.
 */
export function CarouselGroupInput({ source, alwaysOn, disableClearable, helperText, isRequired }: CarouselGroupInputProps) {
  return (
    <ReferenceInput source={source} reference={carouselGroup.resource} sort={OLDEST_FIRST} alwaysOn={alwaysOn}>
      <AutocompleteInput
        optionText={carouselGroup.titleField}
        filterToQuery={searchGroups}
        disableClearable={disableClearable}
        helperText={helperText}
        isRequired={isRequired}
        fullWidth={!alwaysOn}
        sx={alwaysOn ? { minWidth: 240 } : undefined}
      />
    </ReferenceInput>
  );
}
