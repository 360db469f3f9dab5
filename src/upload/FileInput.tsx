import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, FormHelperText, IconButton, LinearProgress, Link, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { lazy, Suspense, type DragEvent } from 'react';
import type { FileRejection } from 'react-dropzone';
import { InputHelperText, Labeled, useInput, useNotify, useTranslate, useTranslateLabel, type CommonInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { UploadKind } from '../../schema/files';
import { DropFrame } from './DropFrame';
import { acceptOf, fileUrl, refusalOf } from './uploadFile';
import { useUploads, type UploadInFlight } from './useUploads';

export interface FileInputProps extends CommonInputProps {
  kind: UploadKind;
  /** A list of keys (e.g. a cover list) rather than one key. */
  multiple?: boolean;
  /** The longest list (SPEC.md: a cover list holds at most 5 images). */
  max?: number;
  /** The form field that keeps an uploaded file's own name (a section's `pdf_name`), shown instead of its key. One file only. */
  nameSource?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

const THUMBNAIL = 96;

// The drop area (react-dropzone) is fetched when a form first shows a file field; meanwhile the same area shows, not yet live.
const DropArea = lazy(async () => ({ default: (await import('./DropArea')).DropArea }));

const holdDrop = (event: DragEvent) => event.preventDefault();

function StoredImage({ fileKey, onRemove, removeLabel }: { fileKey: string; onRemove?: () => void; removeLabel: string }) {
  return (
    <Box sx={{ position: 'relative', width: THUMBNAIL, height: THUMBNAIL }}>
      <Box component="img" src={fileUrl(fileKey)} alt={fileKey} sx={{ width: 1, height: 1, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} />
      {onRemove && (
        <IconButton size="small" aria-label={removeLabel} onClick={onRemove} sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

function StoredFile({ fileKey, name, onRemove, removeLabel }: { fileKey: string; name?: string; onRemove?: () => void; removeLabel: string }) {
  return (
    <Stack direction="row" alignItems="center" spacing={1}>
      <Link href={fileUrl(fileKey)} target="_blank" rel="noopener" title={name ? fileKey : undefined} sx={{ wordBreak: 'break-all' }}>
        {name || fileKey}
      </Link>
      {onRemove && (
        <IconButton size="small" aria-label={removeLabel} onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

function UploadProgress({ upload, onCancel }: { upload: UploadInFlight; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" alignItems="center" spacing={1}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {upload.name}
        </Typography>
        <LinearProgress variant="determinate" value={upload.percent} aria-label={translate('app.upload.uploading', { name: upload.name })} />
      </Box>
      <IconButton size="small" aria-label={translate('app.upload.cancel', { name: upload.name })} onClick={onCancel}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/**
 * The one input for file fields: it holds a key (or, with `multiple`, a list of keys) and uploads
 * what is dropped or chosen through the console's one upload path, with progress and cancel.
 * Images show as thumbnails, PDFs and videos by their key.
 */
export function FileInput(props: FileInputProps) {
  const { kind, multiple = false, max = multiple ? 5 : 1, nameSource, label, helperText, className, sx, ...inputProps } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues, setValue } = useFormContext();
  const storedName: unknown = useWatch({ name: nameSource ?? '', disabled: !nameSource });
  // The uploaded file's own name, when the form keeps one: shown, and said by the remove button, instead of the key.
  const shownName = typeof storedName === 'string' && storedName ? storedName : undefined;
  // The name goes with the key: a new file brings its own, a removed one takes its name along.
  const keepName = (name: string) => nameSource && setValue(nameSource, name.slice(0, 255), { shouldDirty: true });
  const { id, field, fieldState, isRequired } = useInput({ defaultValue: multiple ? [] : '', ...inputProps });
  const keys: string[] = multiple ? (Array.isArray(field.value) ? field.value : []) : field.value ? [String(field.value)] : [];
  const locked = Boolean(inputProps.disabled || inputProps.readOnly);

  const { uploads, start, cancel } = useUploads(kind, ({ key, name }) => {
    // Read at the end of the upload: others may have finished meanwhile.
    const current: unknown = getValues(inputProps.source);
    field.onChange(multiple ? [...(Array.isArray(current) ? current : []), key] : key);
    keepName(name);
    field.onBlur();
  });

  const remove = (key: string) => {
    field.onChange(multiple ? keys.filter((kept) => kept !== key) : '');
    keepName('');
    field.onBlur();
  };

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    const dropped = [...accepted, ...rejected.map((rejection) => rejection.file)];
    const chosen = multiple ? dropped : dropped.slice(0, 1);
    if (chosen.length === 0) return;
    if (multiple && keys.length + uploads.length + chosen.length > max) {
      notify('app.upload.max_files', { type: 'error', messageArgs: { max } });
      return;
    }
    // All or nothing: one refused file stops the whole drop, so nothing half-happens.
    const refusal = chosen.map((file) => refusalOf(kind, file)).find(Boolean);
    if (refusal) {
      notify(refusal, { type: 'error' });
      return;
    }
    chosen.forEach((file) => void start(file));
  };

  const full = multiple ? keys.length + uploads.length >= max : uploads.length > 0;
  const removeLabel = (key: string) => translate('app.upload.remove', { name: key });
  const translateLabel = useTranslateLabel();
  const prompt = (
    <>
      <Typography variant="body2">{translate(multiple ? 'ra.input.file.upload_several' : 'ra.input.file.upload_single')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate(`app.upload.hint_${kind}`)}
      </Typography>
      {multiple && (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('app.upload.hint_max', { max })}
        </Typography>
      )}
    </>
  );

  return (
    <Labeled
      id={`${id}-label`}
      htmlFor={id}
      label={label}
      source={inputProps.source}
      resource={inputProps.resource}
      isRequired={isRequired}
      color={fieldState.invalid ? 'error' : undefined}
      className={className}
      sx={sx}
      fullWidth
    >
      <Stack spacing={1} sx={{ width: 1 }}>
        {keys.length > 0 &&
          (kind === 'image' ? (
            <Stack direction="row" flexWrap="wrap" gap={1}>
              {keys.map((key) => (
                <StoredImage key={key} fileKey={key} removeLabel={removeLabel(key)} onRemove={locked ? undefined : () => remove(key)} />
              ))}
            </Stack>
          ) : (
            keys.map((key) => (
              <StoredFile
                key={key}
                fileKey={key}
                name={shownName}
                removeLabel={removeLabel(shownName ?? key)}
                onRemove={locked ? undefined : () => remove(key)}
              />
            ))
          ))}
        {uploads.map((upload) => (
          <UploadProgress key={upload.id} upload={upload} onCancel={() => cancel(upload.id)} />
        ))}
        {!full && !locked && (
          <Suspense
            fallback={
              // A file dropped before the area is live is let go, not opened by the browser in place of the form.
              <DropFrame invalid={fieldState.invalid} onDragOver={holdDrop} onDrop={holdDrop}>
                {prompt}
              </DropFrame>
            }
          >
            <DropArea
              onDrop={onDrop}
              multiple={multiple}
              // The field's label is a caption, not a <label>: the input is named by it here.
              input={{ id, accept: acceptOf(kind), 'aria-label': String(translateLabel({ label, source: inputProps.source, resource: inputProps.resource })) }}
              invalid={fieldState.invalid}
            >
              {prompt}
            </DropArea>
          </Suspense>
        )}
        <FormHelperText error={fieldState.invalid}>
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        </FormHelperText>
      </Stack>
    </Labeled>
  );
}
