import { Alert, Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

export type VideoFormat = 'mp4' | 'm3u8' | 'flv';
type Failure = 'unsupported' | 'load_failed';

export interface VideoPlayerProps {
  src: string;
  format: VideoFormat;
  height?: number | string;
  autoPlay?: boolean;
}

type Release = () => void;
/** Plays a source on a video element; answers how to let go of it again. */
type Play = (video: HTMLVideoElement, src: string, fail: (failure: Failure) => void) => Release;

const playNatively: Play = (video, src) => {
  video.src = src;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
};

const browserPlays = (type: string) => document.createElement('video').canPlayType(type) !== '';
const hasMediaSource = () => 'MediaSource' in window || 'ManagedMediaSource' in window;

/**
 * Per format, loads what playing it takes (each player library only when its format is played) and
 * answers how to play it, or nothing when this browser cannot. Loading touches no video element, so
 * a player unmounted meanwhile has nothing to undo.
 */
const players: Record<VideoFormat, () => Promise<Play | undefined>> = {
  mp4: async () => (browserPlays('video/mp4') ? playNatively : undefined),
  m3u8: async () => {
    // hls.js wherever Media Source Extensions exist (the same behaviour in every browser); the
    // browser's own HLS only without them (an iPhone before iOS 17.1).
    if (hasMediaSource()) {
      const { default: Hls } = await import('hls.js');
      if (Hls.isSupported())
        return (video, src, fail) => {
          // No worker: the console's Content-Security-Policy allows none from blob: addresses.
          const hls = new Hls({ enableWorker: false });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) fail('load_failed');
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          return () => hls.destroy();
        };
    }
    return browserPlays('application/vnd.apple.mpegurl') ? playNatively : undefined;
  },
  flv: async () => {
    if (!hasMediaSource()) return undefined;
    const { default: mpegts } = await import('mpegts.js');
    if (!mpegts.isSupported()) return undefined;
    return (video, src, fail) => {
      // Its progress notes would fill the browser's console; warnings and errors stay.
      mpegts.LoggingControl.applyConfig({ enableInfo: false, enableDebug: false, enableVerbose: false });
      const player = mpegts.createPlayer({ type: 'flv', url: src, isLive: false });
      player.on(mpegts.Events.ERROR, () => fail('load_failed'));
      player.attachMediaElement(video);
      player.load();
      return () => player.destroy();
    };
  },
};

/** A video file in any of the platform's formats, with the browser's controls. */
export function VideoPlayer(props: VideoPlayerProps) {
  // A new source is a new player: the old one is destroyed with everything it held.
  return <FormatPlayer key={`${props.format} ${props.src}`} {...props} />;
}

function FormatPlayer({ src, format, height = 600, autoPlay = false }: VideoPlayerProps) {
  const translate = useTranslate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<Failure>();

  useEffect(() => {
    const video = videoRef.current!;
    let active = true;
    let release: Release | undefined;
    const fail = (reason: Failure) => {
      if (active) setFailure(reason);
    };
    const onError = () => fail('load_failed');
    video.addEventListener('error', onError);
    // A format from stored data that this console does not know plays nowhere.
    (players[format]?.() ?? Promise.resolve(undefined))
      .then((play) => {
        if (!active) return;
        if (play) release = play(video, src, fail);
        else fail('unsupported');
      })
      .catch(() => fail('load_failed'));
    return () => {
      active = false;
      video.removeEventListener('error', onError);
      release?.();
    };
  }, [src, format]);

  return (
    <Box sx={{ position: 'relative', height, bgcolor: 'common.black' }}>
      <video
        ref={videoRef}
        controls
        autoPlay={autoPlay}
        playsInline
        preload="metadata"
        data-format={format}
        style={{ display: 'block', width: '100%', height: '100%' }}
      />
      {failure && (
        <Alert severity="error" sx={{ position: 'absolute', top: 16, left: 16, right: 16 }}>
          {translate(`app.video.${failure}`, { format: format.toUpperCase() })}
        </Alert>
      )}
    </Box>
  );
}
