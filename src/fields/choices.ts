/** A field's choices as react-admin's inputs take them, each named by its catalogue key. */
export const choicesOf = (resource: string, name: string, values: readonly string[]) =>
  values.map((value) => ({ id: value, name: `resources.${resource}.choices.${name}.${value}` }));

/**
 * What an autocomplete sends as the user types: the word under the entity's own search parameter
 * (react-admin's default `q` is not in any list's contract, so the server would ignore it).
 */
export const searchFilter =
  (entity: { searchParam: string }) =>
  (word: string): Record<string, string> =>
    word.trim() ? { [entity.searchParam]: word.trim() } : {};
