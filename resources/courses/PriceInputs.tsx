import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId, useState } from 'react';
import { NumberInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

/**
 * Free or paid, for the course and series forms: a helper of the form, never sent. Free sets the
 * price and the original price to 0, locks the price and hides the original price. A record opens
 * as free when its price is 0 or none: a stored one, or a new one whose defaults say so (a series);
 * a form with no record at all opens as paid (a new course).
 */
export function PriceInputs() {
  const translate = useTranslate();
  const labelId = useId();
  const record = useRecordContext();
  const { setValue } = useFormContext();
  const [chosen, setChosen] = useState<boolean>();
  const free = chosen ?? (record !== undefined && !record.price);

  const choose = (value: string) => {
    const nowFree = value === 'free';
    setChosen(nowFree);
    if (nowFree) {
      setValue('price', 0, { shouldDirty: true, shouldValidate: true });
      setValue('original_price', 0, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <>
      <FormControl>
        <FormLabel id={labelId} sx={{ fontSize: '0.75rem' }}>{translate('resources.course.charge.label')}</FormLabel>
        <RadioGroup row aria-labelledby={labelId} value={free ? 'free' : 'fees'} onChange={(event) => choose(event.target.value)}>
          <FormControlLabel value="free" control={<Radio size="small" />} label={translate('resources.course.charge.free')} />
          <FormControlLabel value="fees" control={<Radio size="small" />} label={translate('resources.course.charge.fees')} />
        </RadioGroup>
      </FormControl>
      <NumberInput source="price" step={0.01} min={0} readOnly={free} fullWidth />
      {!free && <NumberInput source="original_price" step={0.01} min={0} fullWidth />}
    </>
  );
}
