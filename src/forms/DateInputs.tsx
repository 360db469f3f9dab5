import { TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import { FieldTitle } from 'react-admin';
import type { DateInputProps } from './DatePickers';
import type { DayEdge } from './dayEdge';

// The pickers (MUI X, with their calendars) are a chunk of their own, loaded when a screen first shows a date.
const DayPicker = lazy(async () => ({ default: (await import('./DatePickers')).DayPicker }));
const MomentPicker = lazy(async () => ({ default: (await import('./DatePickers')).MomentPicker }));

/** What shows for the moment the pickers load: an empty field of the same label and size, not yet usable. */
function PickerLoading({ source, resource, label, size, fullWidth, isRequired }: DateInputProps) {
  return (
    <TextField
      disabled
      size={size}
      fullWidth={fullWidth}
      label={label === false || label === '' ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * A day (the enrolments' and the audit trail's filters of days, a voucher's expiry), in the
 * console's language whatever the browser's, and written as SPEC.md writes days everywhere
 * (2026-03-01): the browser's own date input writes the day its language's way (03/01/2026 in an
 * English browser, in any console language). `edge` says which moment of the day the form holds
 * (see `DayEdge`).
 */
export function DayInput(props: DateInputProps & { edge: DayEdge; alwaysOn?: boolean }) {
  const { alwaysOn: _shownByTheFilterBar, ...rest } = props;
  return (
    <Suspense fallback={<PickerLoading {...rest} />}>
      <DayPicker {...rest} />
    </Suspense>
  );
}

/** A moment to the minute (epoch ms in the form), in the console's language, written 2026-03-01 09:30. */
export function MomentInput(props: DateInputProps) {
  return (
    <Suspense fallback={<PickerLoading {...props} />}>
      <MomentPicker {...props} />
    </Suspense>
  );
}
