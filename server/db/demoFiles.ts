import { copyFile, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The committed demo files (made by scripts/make-demo-videos.sh); a key is a path under this folder. */
export const DEMO_FILES_DIR = path.join(process.cwd(), 'server/db/demo-files');

/** One video in every format and two qualities, keyed as the storage names files. */
export const demoVideoVersions = [
  { file: 'demo/video-sh.mp4', format: 'mp4', quality: 'SH' },
  { file: 'demo/hls/video-h.m3u8', format: 'm3u8', quality: 'H' },
  { file: 'demo/video-m.flv', format: 'flv', quality: 'M' },
  { file: 'demo/video-l.mp4', format: 'mp4', quality: 'L' },
] as const;

export const demoFileKeys = {
  teacherPhoto: 'demo/teacher.jpg',
  courseCovers: ['demo/cover-1.jpg', 'demo/cover-2.jpg', 'demo/cover-3.jpg', 'demo/cover-4.jpg', 'demo/cover-5.jpg', 'demo/cover-6.jpg'],
  handoutPdf: 'demo/handout.pdf',
  // A playlist names its segments relative to itself, so they are served beside it.
  hlsSegments: ['demo/hls/video-h0.ts', 'demo/hls/video-h1.ts'],
} as const;

export const allDemoFileKeys: readonly string[] = [
  ...demoVideoVersions.map(({ file }) => file),
  ...demoFileKeys.hlsSegments,
  demoFileKeys.teacherPhoto,
  ...demoFileKeys.courseCovers,
  demoFileKeys.handoutPdf,
];

/**
 * Copies the demo files into the files folder under their keys; a file already there is left as it
 * is, so a second start (or an upload under the same key) keeps what it finds. Answers every demo key.
 */
export async function installDemoFiles(filesDir: string, sourceDir = DEMO_FILES_DIR): Promise<string[]> {
  for (const key of allDemoFileKeys) {
    const target = path.join(filesDir, key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(sourceDir, key), target, constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return [...allDemoFileKeys];
}
