import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allDemoFileKeys, DEMO_FILES_DIR, demoVideoVersions, installDemoFiles } from '../../server/db/demoFiles';

/** Every file under a folder, as keys ('demo/hls/video-h0.ts'). */
function keysUnder(folder: string, prefix = ''): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? keysUnder(full, `${prefix}${name}/`) : [prefix + name];
  });
}

describe('demo files', () => {
  let filesDir: string;
  beforeEach(() => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'cc-demo-files-'));
  });
  afterEach(() => rmSync(filesDir, { recursive: true, force: true }));

  test('the list names exactly the committed files', () => {
    const committed = keysUnder(DEMO_FILES_DIR).filter((key) => key !== 'README.md');
    expect([...allDemoFileKeys].sort()).toEqual(committed.sort());
  });

  test('every segment a playlist names is a demo file beside it', () => {
    for (const { file } of demoVideoVersions.filter(({ format }) => format === 'm3u8')) {
      const playlist = readFileSync(path.join(DEMO_FILES_DIR, file), 'utf8');
      const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) expect(allDemoFileKeys).toContain(path.posix.join(path.posix.dirname(file), segment));
    }
  });

  test('installs every file under its key and answers the keys', async () => {
    const keys = await installDemoFiles(filesDir);
    expect(keys).toEqual([...allDemoFileKeys]);
    expect(keysUnder(filesDir).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(readFileSync(path.join(filesDir, key))).toEqual(readFileSync(path.join(DEMO_FILES_DIR, key)));
  });

  test('a second install keeps the files it finds', async () => {
    await installDemoFiles(filesDir);
    const replaced = path.join(filesDir, demoVideoVersions[0].file);
    writeFileSync(replaced, 'uploaded since');
    rmSync(path.join(filesDir, 'demo/teacher.jpg'));

    await installDemoFiles(filesDir);
    expect(readFileSync(replaced, 'utf8')).toBe('uploaded since');
    expect(readFileSync(path.join(filesDir, 'demo/teacher.jpg'))).toEqual(readFileSync(path.join(DEMO_FILES_DIR, 'demo/teacher.jpg')));
  });
});
