import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import type { Field } from '../../schema/fields';
import { RichTextField } from '../richText/RichTextField';
import { fileUrl } from '../upload/uploadFile';
import { fileName, formatDateTime, formatMoney, plainText } from './format';

export interface FieldValueProps {
  resource: string;
  name: string;
  field: Field;
  record: RaRecord;
  /** A table cell or a card line shows a short form; the detail shows all of it. */
  variant: 'list' | 'detail';
}

const EMPTY = '—';

/** A declared field's value as a person reads it: a yes/no mark, money and times in the user's locale, names of references. */
export function FieldValue({ resource, name, field, record, variant }: FieldValueProps): ReactNode {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const value = record[name];
  switch (field.kind) {
    case 'boolean':
      return value ? (
        <CheckIcon fontSize="small" color="success" titleAccess={translate('ra.boolean.true')} />
      ) : (
        <CloseIcon fontSize="small" color="disabled" titleAccess={translate('ra.boolean.false')} />
      );
    case 'money':
      return typeof value === 'number' ? formatMoney(value, locale) : EMPTY;
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : EMPTY;
    case 'enum':
      return value ? translate(`resources.${resource}.choices.${name}.${value}`, { _: String(value) }) : EMPTY;
    case 'reference': {
      const { titleField } = field.target();
      const referenced = record[field.as] as RaRecord | RaRecord[] | null | undefined;
      const names = (Array.isArray(referenced) ? referenced : referenced ? [referenced] : []).map((one) => String(one[titleField] ?? ''));
      return names.length > 0 ? names.join(', ') : EMPTY;
    }
    case 'file': {
      const keys = (Array.isArray(value) ? value : value ? [value] : []) as string[];
      if (keys.length === 0) return EMPTY;
      if (field.file !== 'image') return keys.map(fileName).join(', ');
      const size = variant === 'list' ? 48 : 200;
      return (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {keys.map((key) => (
            <Box key={key} component="img" src={fileUrl(key)} alt="" sx={{ maxWidth: size, maxHeight: size, objectFit: 'contain', borderRadius: 1 }} />
          ))}
        </Box>
      );
    }
    case 'richText':
      // Lists show its words; the detail shows it as it will look (sanitised again in the browser).
      if (!value) return EMPTY;
      return variant === 'list' ? plainText(String(value)) || EMPTY : <RichTextField source={name} record={record} />;
    default:
      return value === null || value === undefined || value === '' ? EMPTY : String(value);
  }
}

/** A field's value as plain text: what a clamped list cell shows whole on hover. */
export function fieldText(field: Field, value: unknown, record: RaRecord): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field.kind) {
    case 'richText':
      return plainText(String(value)) || EMPTY;
    case 'reference': {
      const referenced = record[field.as] as RaRecord | RaRecord[] | null | undefined;
      const { titleField } = field.target();
      return (Array.isArray(referenced) ? referenced : referenced ? [referenced] : []).map((one) => String(one[titleField] ?? '')).join(', ') || EMPTY;
    }
    case 'file':
      return (Array.isArray(value) ? value : [value]).map((key) => fileName(String(key))).join(', ');
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : EMPTY;
    default:
      return String(value);
  }
}
