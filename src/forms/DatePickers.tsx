import { useTheme, type SxProps, type Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as enUSText, jaJP as jaJPText, zhCN as zhCNText } from '@mui/x-date-pickers/locales';
import { isValid } from 'date-fns';
import { enUS, ja, zhCN } from 'date-fns/locale';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, type Validator } from 'react-admin';
import { dayOfMoment, momentOfDay, type DayEdge } from './dayEdge';

/** Each console language's calendar (its words, the first day of its weeks) and how it heads a month. */
const languages = {
  // MUI's own words for a step's button read "next one" (下个) and "come" (来): these say "next step".
  'zh-CN': { dates: zhCN, words: { ...zhCNText.components.MuiLocalizationProvider.defaultProps.localeText, nextStepButtonLabel: '下一步' }, monthAndYear: 'yyyy年M月' },
  'ja-JP': { dates: ja, words: { ...jaJPText.components.MuiLocalizationProvider.defaultProps.localeText, nextStepButtonLabel: '次へ' }, monthAndYear: 'yyyy年M月' },
  'en-US': { dates: enUS, words: enUSText.components.MuiLocalizationProvider.defaultProps.localeText, monthAndYear: 'LLLL yyyy' },
} as const;

function useLanguage() {
  const [locale] = useLocaleState();
  return languages[locale as keyof typeof languages] ?? languages['en-US'];
}

/** SPEC.md's formats, the same in every language (src/fields/format.ts shows times so). */
const DAY_FORMAT = 'yyyy-MM-dd';
const MOMENT_FORMAT = 'yyyy-MM-dd HH:mm';

/** The console's language for the pickers: their calendar, their buttons and the placeholders of a day's parts. */
function Localized({ children }: { children: ReactNode }) {
  const { dates, words } = useLanguage();
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dates} localeText={words}>
      {children}
    </LocalizationProvider>
  );
}

export interface DateInputProps {
  source: string;
  resource?: string;
  label?: string | false;
  validate?: Validator | Validator[];
  helperText?: ReactNode | false;
  isRequired?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  className?: string;
  /**
   * What a date half typed does: `refuse` (forms) holds NaN, which the form's check refuses under
   * the field (schema/fields.ts `datetime`); `keep` (filters) leaves the last whole date in force.
   */
  whileTyping?: 'refuse' | 'keep';
}

/**
 * The props of a picker bound to the form's field `source`, shown as react-admin's own inputs are.
 *
 * The form holds a moment (epoch ms, or null when empty); the picker a date, which while it is being
 * typed may not be one yet (see `whileTyping`). A moment the form gets from elsewhere (the filters
 * cleared, a record loaded) shows in the picker. The field takes the theme's variant and margin
 * (react-admin's theme sets them for MUI's TextField, which the pickers' field is not); the label is
 * the picker's, so that it names the calendar's dialog too.
 */
function usePickerProps(props: DateInputProps, toDate: (moment: number) => Date, toMoment: (date: Date) => number) {
  const { source, resource, label, helperText, validate, whileTyping = 'refuse', size, fullWidth, sx, className } = props;
  const { field, fieldState, isRequired } = useInput({ source, resource, validate, isRequired: props.isRequired });
  const held = typeof field.value === 'number' && Number.isFinite(field.value) ? field.value : null;
  const [shown, setShown] = useState<Date | null>(held === null ? null : toDate(held));
  const shownMoment = shown && isValid(shown) ? toMoment(shown) : null;
  useEffect(() => {
    if (held !== shownMoment && !(held === null && shown !== null && !isValid(shown))) setShown(held === null ? null : toDate(held));
    // Only a change of the form's value is news here; the picker's own changes already set both.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held]);
  const onChange = (date: Date | null) => {
    setShown(date);
    if (date === null) field.onChange(null);
    else if (isValid(date)) field.onChange(toMoment(date));
    else if (whileTyping === 'refuse') field.onChange(Number.NaN);
  };
  // The picker tells of a half-typed date only once it had a whole one: one begun in an empty field
  // is seen when the field is left, in the text it shows ('2027-03-DD').
  const typed = useRef<HTMLInputElement>(null);
  const onBlur = () => {
    if (whileTyping === 'refuse' && /\d/.test(typed.current?.value ?? '') && !(shown && isValid(shown))) field.onChange(Number.NaN);
    field.onBlur();
  };
  const { variant, margin } = useTheme().components?.MuiTextField?.defaultProps ?? {};
  const { monthAndYear } = useLanguage();
  const { invalid, error } = fieldState;
  return {
    label: label === false || label === '' ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />,
    value: shown,
    onChange,
    className,
    sx,
    slotProps: {
      textField: {
        name: field.name,
        size,
        fullWidth,
        variant,
        margin,
        error: invalid,
        onBlur,
        inputRef: typed,
        helperText: helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText === false ? undefined : helperText} /> : undefined,
      },
      field: { clearable: true },
      // A calendar's heading as each language writes a month: 2027年3月, not 三月 2027.
      calendarHeader: { format: monthAndYear },
    },
  };
}

/** A day: `edge` says which of its moments the form holds (see `DayEdge`). */
export function DayPicker(props: DateInputProps & { edge: DayEdge }) {
  const { edge } = props;
  const picker = usePickerProps(props, (moment) => dayOfMoment(moment, edge), (day) => momentOfDay(day, edge));
  return (
    <Localized>
      <DatePicker {...picker} format={DAY_FORMAT} />
    </Localized>
  );
}

/** A moment to the minute (a section's start), in the user's time zone. */
export function MomentPicker(props: DateInputProps) {
  const picker = usePickerProps(props, (moment) => new Date(moment), (date) => date.getTime());
  return (
    <Localized>
      {/* Its calendar and clock side by side are 433 px wide: a narrower window gets them in a dialog of their own, as a phone does. */}
      <DateTimePicker {...picker} format={MOMENT_FORMAT} ampm={false} desktopModeMediaQuery="@media (pointer: fine) and (min-width: 600px)" />
    </Localized>
  );
}
