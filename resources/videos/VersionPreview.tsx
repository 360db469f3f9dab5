import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { VideoFormat } from '../../schema/video';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { playbackPath, qualityName, type VideoVersionRecord } from './versionCalls';

interface PreviewDialogProps {
  open: boolean;
  title: string;
  src: string;
  format: VideoFormat;
  onClose(): void;
}

/**
 * Stand-in for src/video/VideoPreviewDialog.tsx (same props), which plays m3u8 and flv too: the
 * browser plays mp4 only. SPEC.md: a modal 700 wide, the player 600 high.
 */
function PreviewDialog({ open, title, src, onClose }: PreviewDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 700 } } }} aria-labelledby="preview-title">
      <DialogTitle id="preview-title">{title}</DialogTitle>
      <DialogContent>
        <video src={src} controls style={{ width: '100%', height: 600, background: '#000' }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Plays a version: asks the server where (the playback call), then opens the player. */
export function VersionPreview({ videoId, videoTitle, version, onClose }: { videoId: number; videoTitle: string; version: VideoVersionRecord; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [src, setSrc] = useState<string>();
  const { format, quality } = version;

  useEffect(() => {
    const controller = new AbortController();
    dataProvider.send<{ path: string }>(playbackPath(videoId), { query: { quality, format }, signal: controller.signal }).then(
      (playback) => setSrc(playback.path),
      (error: Error) => {
        if (error?.name === 'AbortError') return;
        notify(error?.message || 'app.notification.server_error', { type: 'error' });
        onClose();
      },
    );
    return () => controller.abort();
  }, [dataProvider, notify, onClose, videoId, format, quality]);

  if (!src) return null;
  return <PreviewDialog open title={`${videoTitle} · ${translate(qualityName(quality))} · ${format}`} src={src} format={format} onClose={onClose} />;
}
