import { DateInput } from 'react-admin';
import { dayOfEnd, dayOfStart, endNotBefore, endOfDay, startOfDay } from './enrolTime';

// react-admin's filter bar hides every helper text; a refused day range is said under the last day.
const showsError = { '& .MuiFormHelperText-root.Mui-error': { display: 'block' } };

/**
 * A list's filter by days, as two always-shown date inputs: from the first day's midnight
 * (`startSource`) to the midnight after the last (`endSource`); a last day before the first is
 * refused under it. The enrolments' enrol time and the audit log's days.
 */
export function dayRangeFilters(startSource: string, endSource: string) {
  return [
    <DateInput key={startSource} source={startSource} parse={startOfDay} format={dayOfStart} alwaysOn helperText={false} />,
    <DateInput key={endSource} source={endSource} parse={endOfDay} format={dayOfEnd} validate={endNotBefore(startSource)} alwaysOn helperText={false} sx={showsError} />,
  ];
}
