import { Autocomplete, Box, TextField, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, useTranslateLabel, type CommonInputProps } from 'react-admin';
import type { CategoryNode } from '../../schema/category';
import { useCategoryTree } from './useCategoryTree';

export interface CategorySelectInputProps extends CommonInputProps {
  /** The label as a placeholder, as a search box beside it shows its own (a filter bar). */
  hiddenLabel?: boolean;
  sx?: SxProps<Theme>;
}

interface CategoryOption {
  id: number;
  title: string;
  /** The top-level category's title, for a subcategory. */
  parent?: string;
}

/** The tree in its order, each top-level category followed by its subcategories. */
function flatten(tree: CategoryNode[]): CategoryOption[] {
  return tree.flatMap((top) => [{ id: top.id, title: top.title }, ...top.children.map((child) => ({ id: child.id, title: child.title, parent: top.title }))]);
}

/** What the search keeps: matching categories, the top-level category above a match, and every subcategory of a matching one. */
function searchTree(options: CategoryOption[], word: string): CategoryOption[] {
  const wanted = word.trim().toLocaleLowerCase();
  if (!wanted) return options;
  const matches = (title: string) => title.toLocaleLowerCase().includes(wanted);
  return options.filter((option) =>
    option.parent === undefined
      ? matches(option.title) || options.some((child) => child.parent === option.title && matches(child.title))
      : matches(option.title) || matches(option.parent),
  );
}

const optionLabel = (option: CategoryOption) => (option.parent === undefined ? option.title : `${option.parent} / ${option.title}`);

/**
 * A category from the two-level tree (`/api/v1/categories/tree`), with a search that keeps the
 * tree's shape: the list filter (`categoryId`), and the course and series forms (`category_id`),
 * which take a category of either level. Empty is null.
 */
export function CategorySelectInput(props: CategorySelectInputProps) {
  const { label, helperText, hiddenLabel = false, sx, ...inputProps } = props;
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const { id, field, fieldState, isRequired } = useInput({ defaultValue: null, ...inputProps });
  const tree = useCategoryTree();
  const options = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const labelText = String(translateLabel({ label, source: inputProps.source, resource: inputProps.resource }));
  const chosen = options.find((option) => String(option.id) === String(field.value)) ?? null;

  return (
    <Autocomplete
      id={id}
      options={options}
      value={chosen}
      onChange={(_, option) => {
        field.onChange(option?.id ?? null);
        field.onBlur();
      }}
      fullWidth={inputProps.fullWidth}
      loading={tree.isPending}
      disabled={inputProps.disabled}
      readOnly={inputProps.readOnly}
      getOptionLabel={optionLabel}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(all, state) => searchTree(all, state.inputValue)}
      noOptionsText={translate('app.list.empty')}
      loadingText={translate('ra.page.loading')}
      renderOption={({ key, ...optionProps }, option) => (
        <Box
          component="li"
          key={key}
          {...optionProps}
          sx={{ pl: option.parent === undefined ? undefined : '2.5em !important', fontWeight: option.parent === undefined ? 600 : undefined, overflowWrap: 'anywhere' }}
        >
          {option.title}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          hiddenLabel={hiddenLabel}
          label={hiddenLabel ? undefined : <FieldTitle label={label} source={inputProps.source} resource={inputProps.resource} isRequired={isRequired} />}
          placeholder={hiddenLabel ? labelText : undefined}
          inputProps={{ ...params.inputProps, 'aria-label': hiddenLabel ? labelText : undefined }}
          error={fieldState.invalid}
          helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
        />
      )}
      sx={[{ minWidth: 240 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
