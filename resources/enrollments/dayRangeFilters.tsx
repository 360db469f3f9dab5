import { DayInput } from '../../src/forms/DateInputs';
import { endNotBefore } from '../../src/forms/dayEdge';

// As wide as a day, its clear and calendar buttons need (the picker's own width put the filter bar on two rows at 1440 px); on a phone, the window's width as the other filters.
const dayWidth = { width: { xs: 1, sm: '11.5rem' } };
// react-admin's filter bar hides every helper text; a refused day range is said under the last day.
const showsError = { ...dayWidth, '& .MuiFormHelperText-root.Mui-error': { display: 'block' } };

/**
 * A list's filter by days, as two always-shown day inputs: from the first day's midnight
 * (`startSource`) to the midnight after the last (`endSource`); a last day before the first is
 * refused under it. The enrolments' enrol time and the audit log's days.
 */
export function dayRangeFilters(startSource: string, endSource: string) {
  return [
    <DayInput key={startSource} source={startSource} edge="start" whileTyping="keep" alwaysOn helperText={false} sx={dayWidth} />,
    <DayInput key={endSource} source={endSource} edge="end" whileTyping="keep" validate={endNotBefore(startSource)} alwaysOn helperText={false} sx={showsError} />,
  ];
}
