import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../src/dataProvider';
import { VideoPreviewDialog } from '../../src/video/VideoPreviewDialog';
import { playbackPath, qualityName, type VideoVersionRecord } from './versionCalls';

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
  return <VideoPreviewDialog open title={`${videoTitle} · ${translate(qualityName(quality))} · ${format}`} src={src} format={format} onClose={onClose} />;
}
