/** A field's choices as react-admin's inputs take them, each named by its catalogue key. */
export const choicesOf = (resource: string, name: string, values: readonly string[]) =>
  values.map((value) => ({ id: value, name: `resources.${resource}.choices.${name}.${value}` }));
