import ImageIcon from '@mui/icons-material/Image';
import PreviewIcon from '@mui/icons-material/Preview';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, ToggleButton } from '@mui/material';
import {
  AlignmentButtons,
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput as TiptapRichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { acceptOf } from '../upload/uploadFile';
import { useUploads } from '../upload/useUploads';

// The sanitiser comes with the first preview, not with the editor.
const RichTextView = lazy(() => import('./RichTextView'));

// No colours or highlights: the server keeps no style but text-align, so the editor offers none.
const unkept = new Set(['textStyle', 'color', 'highlight']);
const editorOptions = {
  ...DefaultEditorOptions,
  extensions: (DefaultEditorOptions.extensions ?? []).filter((extension) => !unkept.has(extension.name)),
};

/** Uploads a JPEG or PNG (under 5 MB) through the console's one upload path and inserts it. */
function ImageUploadButton() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const { uploads, start } = useUploads('image', ({ url }) => editor?.chain().focus().insertContent({ type: 'image', attrs: { src: url } }).run());
  const label = translate('app.rich_text.image');
  const uploading = uploads[0];
  return (
    <>
      <ToggleButton value="image" aria-label={label} title={label} disabled={!editor?.isEditable || Boolean(uploading)} onClick={() => input.current?.click()}>
        {uploading ? <CircularProgress size="1em" variant="determinate" value={uploading.percent} /> : <ImageIcon fontSize="inherit" />}
      </ToggleButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptOf('image')}
        data-testid="rich-text-image-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void start(file);
        }}
      />
    </>
  );
}

/** Shows the text as it will look: sanitised with the server's rules first. */
function PreviewButton() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const [html, setHtml] = useState<string>();
  const label = translate('app.rich_text.preview');
  return (
    <>
      <ToggleButton value="preview" aria-label={label} title={label} disabled={!editor} onClick={() => setHtml(editor?.getHTML() ?? '')}>
        <PreviewIcon fontSize="inherit" />
      </ToggleButton>
      <Dialog open={html !== undefined} onClose={() => setHtml(undefined)} maxWidth="md" fullWidth>
        <DialogTitle>{translate('app.rich_text.preview_title')}</DialogTitle>
        <DialogContent dividers>
          <Suspense fallback={<CircularProgress size={24} />}>
            <RichTextView html={html ?? ''} />
          </Suspense>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setHtml(undefined)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const toolbar = (
  <RichTextInputToolbar>
    <LevelSelect />
    <FormatButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <QuoteButtons />
    <ClearButtons />
    <ImageUploadButton />
    <PreviewButton />
  </RichTextInputToolbar>
);

/** Loaded lazily by RichTextInput: this module pulls in the whole editor. */
export default function RichTextEditor(props: RichTextInputProps) {
  return <TiptapRichTextInput editorOptions={editorOptions} toolbar={toolbar} {...props} />;
}
