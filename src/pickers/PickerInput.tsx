import CancelIcon from '@mui/icons-material/Cancel';
import ClearIcon from '@mui/icons-material/Clear';
import { Button, Chip, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { InputHelperText, Labeled, useGetMany, useInput, useTranslate, type CommonInputProps, type Identifier, type RaRecord } from 'react-admin';
import type { PickerDefinition } from './definePicker';
import { RecordPicker } from './RecordPicker';

export interface PickerInputProps extends CommonInputProps {
  picker: PickerDefinition;
  /** A list of ids (`teacher_ids`) rather than one id (`res_id`). */
  multiple?: boolean;
}

const idsOf = (value: unknown, multiple: boolean): Identifier[] =>
  multiple ? (Array.isArray(value) ? value : []) : value === null || value === undefined || value === '' ? [] : [value as Identifier];

/**
 * A form input holding the id (or ids) of records chosen in a picker: it shows them by name
 * (read with getMany when the form opens with ids), a button opens the picker, and each can be
 * removed. A cleared single choice is null, a cleared list []. Errors show under it like any input's.
 */
export function PickerInput(props: PickerInputProps) {
  const { picker, multiple = false, label, helperText, ...inputProps } = props;
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ defaultValue: multiple ? [] : null, ...inputProps });
  const ids = idsOf(field.value, multiple);
  const locked = Boolean(inputProps.disabled || inputProps.readOnly);
  const [open, setOpen] = useState(false);
  // Records chosen in the picker are known by name already; the others are read once.
  const [known, setKnown] = useState<Map<string, RaRecord>>(new Map());
  const unknown = ids.filter((one) => !known.has(String(one)));
  const { data: fetched = [] } = useGetMany(picker.resource, { ids: unknown }, { enabled: unknown.length > 0 });
  const records = ids.map((one) => known.get(String(one)) ?? fetched.find((record) => String(record.id) === String(one)) ?? { id: one });
  const nameOf = (record: RaRecord) => (record[picker.titleSource] === undefined ? `#${record.id}` : String(record[picker.titleSource]));

  const change = (next: Identifier[]) => {
    field.onChange(multiple ? next : (next[0] ?? null));
    field.onBlur();
  };
  const confirm = (chosen: RaRecord[]) => {
    setKnown((current) => new Map([...current, ...chosen.map((record) => [String(record.id), record] as const)]));
    change(chosen.map((record) => record.id));
    setOpen(false);
  };

  return (
    <Labeled
      id={`${id}-label`}
      htmlFor={id}
      label={label}
      source={inputProps.source}
      resource={inputProps.resource}
      isRequired={isRequired}
      color={fieldState.invalid ? 'error' : undefined}
      fullWidth
    >
      <Stack spacing={0.5} sx={{ width: 1 }}>
        <Stack direction="row" data-testid={`${inputProps.source}-chosen`} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
          {records.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.picker.none')}
            </Typography>
          )}
          {records.map((record) => (
            <Chip
              key={record.id}
              label={nameOf(record)}
              onDelete={locked ? undefined : () => change(ids.filter((one) => String(one) !== String(record.id)))}
              deleteIcon={<CancelIcon titleAccess={translate('app.picker.remove', { name: nameOf(record) })} />}
              sx={{ maxWidth: 1 }}
            />
          ))}
          {!locked && (
            <Button id={id} size="small" variant="outlined" onClick={() => setOpen(true)}>
              {translate(ids.length > 0 && !multiple ? 'app.picker.change' : 'app.picker.open')}
            </Button>
          )}
          {!locked && multiple && ids.length > 1 && (
            <Tooltip title={translate('app.picker.clear')}>
              <IconButton size="small" aria-label={translate('app.picker.clear')} onClick={() => change([])}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <FormHelperText error={fieldState.invalid}>
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        </FormHelperText>
        {open && <RecordPicker picker={picker} multiple={multiple} initial={records} onConfirm={confirm} onClose={() => setOpen(false)} />}
      </Stack>
    </Labeled>
  );
}
