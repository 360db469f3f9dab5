import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Alert, Button, InputAdornment } from '@mui/material';
import { NumberInput, RadioButtonGroupInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ANYONE, voucher, voucherCreateBody, voucherEditForm, voucherObjectTypes, voucherResourceTypes, type VoucherObjectType } from '../../schema/voucher';
import { FieldInput } from '../../src/forms/EntityInputs';
import { CreatePage, EditPage, type FormDefinition } from '../../src/forms/EntityForms';
import { PickerInput } from '../../src/pickers/PickerInput';
import { coursePicker, seriesPicker, tenantPicker, userPicker } from '../../src/pickers/pickers';
import { randomVoucherCode } from './voucherCode';
import { userTimeZone } from '../../src/timeZone';
import { DayInput } from '../../src/forms/DateInputs';
import { choicesOf } from '../../src/fields/choices';

const field = (name: 'name' | 'description') => <FieldInput resource={voucher.resource} name={name} field={voucher.fields[name]} />;

/** The code, with a button that writes a random readable one in its place. */
function CodeInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const generate = () => setValue('code', randomVoucherCode(), { shouldDirty: true, shouldValidate: true });
  return (
    <TextInput
      source="code"
      isRequired
      fullWidth
      helperText="resources.voucher.form.code_hint"
      slotProps={{
        htmlInput: { maxLength: voucher.fields.code.max, autoComplete: 'off', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" startIcon={<AutorenewIcon />} onClick={generate}>
                {translate('resources.voucher.action.generate')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** What it gives: the picker follows the type; another type clears the chosen item (a course's id names no series). */
function ResourceInputs() {
  const { setValue } = useFormContext();
  const type = useWatch({ name: 'resource_type' });
  return (
    <>
      <RadioButtonGroupInput
        source="resource_type"
        choices={choicesOf(voucher.resource, 'resource_type', voucherResourceTypes)}
        defaultValue="course"
        isRequired
        onChange={() => setValue('resource_id', null, { shouldDirty: true })}
      />
      {(type === 'course' || type === 'series') && (
        <PickerInput
          key={type}
          source="resource_id"
          picker={type === 'series' ? seriesPicker : coursePicker}
          label={`resources.voucher.choices.resource_type.${type}`}
          isRequired
        />
      )}
    </>
  );
}

const objectPickers = { tenant: tenantPicker, user: userPicker } as const;

/** Who may redeem it: anyone, or the tenant or user a picker chooses; another type clears the chosen one. */
function ObjectInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const type = useWatch({ name: 'object_type' }) as VoucherObjectType | undefined;
  return (
    <>
      <RadioButtonGroupInput
        source="object_type"
        choices={choicesOf(voucher.resource, 'object_type', voucherObjectTypes)}
        defaultValue={ANYONE}
        isRequired
        helperText={type === ANYONE ? translate('resources.voucher.form.anyone_hint') : false}
        onChange={() => setValue('object_id', null, { shouldDirty: true })}
      />
      {(type === 'tenant' || type === 'user') && (
        <PickerInput key={type} source="object_id" picker={objectPickers[type]} label={`resources.voucher.choices.object_type.${type}`} isRequired />
      )}
    </>
  );
}

/** The total; on an edit, what was redeemed already, which the total cannot go below. */
function CountInput() {
  const translate = useTranslate();
  const record = useRecordContext();
  const redeemed = record ? Number(record.count) - Number(record.available_number) : 0;
  return (
    <NumberInput
      source="count"
      step={1}
      min={Math.max(1, redeemed)}
      defaultValue={1}
      isRequired
      fullWidth
      helperText={record ? translate('resources.voucher.form.redeemed', { redeemed }) : false}
    />
  );
}

/** The expiry as a day: valid through its end, in the user's time zone, which the helper names. */
function ExpiryInput() {
  const translate = useTranslate();
  return (
    <DayInput source="expire_at" edge="last" isRequired fullWidth helperText={translate('resources.voucher.form.expire_hint', { zone: userTimeZone() })} />
  );
}

/** An abolished voucher is shown as it is, saying why it can no longer change (the server refuses it: 409). */
function AbolishedNotice() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record || record.available !== false) return null;
  return (
    // A standing notice, not an announcement: the toasts are the page's alerts.
    <Alert severity="warning" role="status" sx={{ mb: 2, width: 1 }}>
      {translate('resources.voucher.form.abolished')}
    </Alert>
  );
}

const inputs = (
  <>
    <AbolishedNotice />
    {field('name')}
    <CodeInput />
    <ResourceInputs />
    <ObjectInputs />
    <CountInput />
    <ExpiryInput />
    {field('description')}
  </>
);

/** A new voucher must expire ahead; an edit may keep an expiry already past (the server checks a changed one). */
const createForm: FormDefinition = { schema: voucherCreateBody, inputs };
const editForm: FormDefinition = { schema: voucherEditForm, inputs };

/** /voucher/create */
export const VoucherCreate = () => <CreatePage form={createForm} />;
/** /voucher/edit/{id} */
export const VoucherEdit = () => <EditPage form={editForm} />;
