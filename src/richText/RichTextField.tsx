import { Skeleton, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

const RichTextView = lazy(() => import('./RichTextView'));

/** A read-only display of a rich-text field (detail views), sanitised in the browser before it is shown. */
export function RichTextField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  const translate = useTranslate();
  if (typeof value !== 'string' || value === '')
    return (
      <Typography component="span" variant="body2">
        {props.emptyText ? translate(props.emptyText, { _: props.emptyText }) : null}
      </Typography>
    );
  return (
    <Suspense fallback={<Skeleton variant="text" />}>
      <RichTextView html={value} />
    </Suspense>
  );
}
