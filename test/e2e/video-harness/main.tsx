import { Button, List, ListItem, ListItemText } from '@mui/material';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nContextProvider, useTranslate } from 'react-admin';
import { createI18nProvider, matchLocale } from '../../../i18n';
import { catalogues } from '../../../i18n/catalogues';
import type { VideoFormat } from '../../../src/video/VideoPlayer';
import { VideoPlayer } from '../../../src/video/VideoPlayer';
import { VideoPreviewDialog } from '../../../src/video/VideoPreviewDialog';

// The player as the console will use it, on a page of its own: versions with a preview action
// (as the version list shows them), and a bare player that switches source in place.
// ?versions=<json [{file, format}]> lists the versions; files are served at /files/<key> (or ?files=).
interface Version {
  file: string;
  format: VideoFormat;
}

const query = new URLSearchParams(location.search);
const versions: Version[] = JSON.parse(query.get('versions') ?? '[]');
const locale = matchLocale(query.get('locale')) ?? 'en-US';
const i18nProvider = createI18nProvider(locale, catalogues[locale]);
const fileUrl = (key: string) => `${query.get('files') ?? '/files'}/${key}`;

function Harness() {
  const translate = useTranslate();
  const [previewed, setPreviewed] = useState<Version>();
  const [inPlace, setInPlace] = useState<Version>();
  return (
    <>
      <List>
        {versions.map((version) => (
          <ListItem key={version.file}>
            <ListItemText primary={version.file} secondary={version.format} />
            <Button onClick={() => setPreviewed(version)}>{translate('app.video.preview')}</Button>
            <Button onClick={() => setInPlace(version)}>{`in place: ${version.file}`}</Button>
          </ListItem>
        ))}
      </List>
      {inPlace && <VideoPlayer src={fileUrl(inPlace.file)} format={inPlace.format} height={300} autoPlay />}
      <VideoPreviewDialog
        open={Boolean(previewed)}
        title={previewed?.file ?? ''}
        src={previewed ? fileUrl(previewed.file) : ''}
        format={previewed?.format ?? 'mp4'}
        onClose={() => setPreviewed(undefined)}
      />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nContextProvider value={i18nProvider}>
      <Harness />
    </I18nContextProvider>
  </StrictMode>,
);
