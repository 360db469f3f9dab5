import { Skeleton, Stack } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import type { RichTextInputProps } from 'ra-input-rich-text';

// The editor (about 140 kB gzip) is a chunk of its own, loaded when a form first shows it.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

function EditorLoading() {
  const translate = useTranslate();
  return (
    <Stack spacing={1} aria-busy="true" aria-label={translate('app.rich_text.loading')} sx={{ width: 1 }}>
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

/**
 * The rich-text input (course, series and teacher `introduction`): ra-input-rich-text with a
 * toolbar limited to what the server keeps, a picture button that uploads through the console's
 * one upload path, and a sanitised preview. It shows the record's content as soon as it is there.
 */
export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
