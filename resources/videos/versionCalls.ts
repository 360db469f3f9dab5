import type { Identifier } from 'react-admin';
import { video, videoVersion, type VideoFormat, type VideoQuality } from '../../schema/video';

/** A version as `GET /api/v1/videos/{id}` answers it. */
export interface VideoVersionRecord {
  id: number;
  video_id: number;
  file: string;
  format: VideoFormat;
  quality: VideoQuality;
}

/** The version calls of SPEC.md, which the resource's REST endpoints do not cover. */
export const versionsPath = (videoId: Identifier) => `${video.api}/${encodeURIComponent(String(videoId))}/versions`;
export const versionPath = (versionId: Identifier) => `${videoVersion.api}/${encodeURIComponent(String(versionId))}`;
export const playbackPath = (videoId: Identifier) => `${video.api}/${encodeURIComponent(String(videoId))}/playback`;

export const qualityName = (quality: VideoQuality) => `resources.video_version.choices.quality.${quality}`;
