import type { Plugin } from 'vite';

type Group = {
  name: string;
  priority: number;
  test: (id: string) => boolean;
  tags?: '$initial'[];
  minShareCount?: number;
  includeDependenciesRecursively: boolean;
};

/** The product's schemas and zod. */
const schemaModule = /[\\/]schema[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
/** The language catalogues: a visit fetches one, each a chunk of its own. */
const catalogue = /[\\/]i18n[\\/]/;
/**
 * What a screen fetches when it shows it (editor, players, chart): chunks of their own, as before.
 * The charts' own packages (gestures, internals, base-ui's utilities and reselect, which nothing
 * else imports) with them: shared by the two screens that chart, they fell into `screens`, and
 * every list's first visit fetched them.
 */
const lazyParts =
  /[\\/]node_modules[\\/](hls\.js|mpegts\.js|@tiptap|prosemirror-[^\\/]+|ra-input-rich-text|@mui[\\/]x-[^\\/]+|@base-ui[\\/]utils|reselect|d3-[^\\/]+)[\\/]|[\\/]src[\\/](richText|video)[\\/]|EnrollmentChart/;
/**
 * index.html with the shared screens' chunks named as module preloads: what the server sends for an
 * address that shows a screen (server/consoleAssets.ts), so that they come with the shell instead of
 * after it has run. The sign-in page keeps index.html, and so does the first-visit check.
 */
export const SCREEN_PAGE = 'screen.html';

/** react-admin's core: the small pages import only its HttpError, through its index, which reaches all of it. */
const raCore = /[\\/]node_modules[\\/]ra-core[\\/]/;

/**
 * Fewer, larger chunks for the console (issue 18): left to itself, the bundler cut the shell into 15
 * files and the course list into 28 more, most of a few hundred bytes, each a round trip on a cold
 * visit. Three groups, decided once the module graph is known (buildEnd runs before the chunks are
 * made):
 *
 * - `shell`: what index.html's entry loads before it draws (rolldown's `$initial` tag), in one chunk.
 * - `schemas`: the zod schemas, which the screens share with the QR and registration pages.
 * - `screens`: what two or more screens share (react-admin's lists and forms, MUI's inputs...), in
 *   one chunk; what one screen alone uses stays in that screen's chunk.
 *
 * The QR and registration pages stay as small as they were: what they use (React, zod, the
 * catalogues, polyglot, ra-core's HttpError) is kept out of `shell` and `screens`, so that neither
 * page imports them. Dependencies are not pulled into a group with its modules
 * (`includeDependenciesRecursively: false`): a screen's module would otherwise drag the shell's
 * modules into `screens`, and the first visit with them.
 */
export function screenChunks(): { plugin: Plugin; groups: Group[] } {
  /** The console entry's static import graph (a barrel's every module, used or not). */
  let shell = new Set<string>();
  /** What the QR and registration pages import, ra-core's barrel left out. */
  let pages = new Set<string>();
  const pageOwn = (id: string) => pages.has(id);

  const plugin: Plugin = {
    name: 'course-console:screen-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (roots: Iterable<string>, skip: (id: string) => boolean) => {
        const seen = new Set<string>();
        const queue = [...roots];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id) || skip(id)) continue;
          seen.add(id);
          queue.push(...(info(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
      const isConsole = (id: string) => /(^|[\\/])index\.html$/.test(id);
      shell = closure(entries.filter(isConsole), () => false);
      // Through ra-core's index, which the traversal stops at, the pages reach only its HttpError.
      const httpError = [...this.getModuleIds()].filter((id) => raCore.test(id) && /[\\/]HttpError\.js$/.test(id));
      pages = closure([...entries.filter((id) => !isConsole(id)), ...httpError], (id) => raCore.test(id) && !httpError.includes(id));
    },
    // After Vite's own HTML plugin has written index.html into the bundle.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') return;
        const html = index.source;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // The shared chunks every screen starts with, and what they import that index.html does not name.
        const wanted: string[] = [];
        const queue = chunks.filter((chunk) => chunk.name === 'screens' || chunk.name === 'schemas').map((chunk) => chunk.fileName);
        while (queue.length > 0) {
          const file = queue.shift()!;
          if (wanted.includes(file) || html.includes(`/${file}"`)) continue;
          wanted.push(file);
          queue.push(...(byFile.get(file)?.imports ?? []));
        }
        const links = wanted.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        this.emitFile({ type: 'asset', fileName: SCREEN_PAGE, source: html.replace('</head>', `  ${links}\n  </head>`) });
      },
    },
  };

  const groups: Group[] = [
    { name: 'shell', tags: ['$initial'], priority: 3, test: (id) => !pageOwn(id), includeDependenciesRecursively: false },
    {
      name: 'schemas',
      priority: 2,
      test: (id) => pageOwn(id) && !shell.has(id) && schemaModule.test(id),
      includeDependenciesRecursively: false,
    },
    {
      name: 'screens',
      priority: 1,
      test: (id) => !pageOwn(id) && !catalogue.test(id) && !lazyParts.test(id),
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}
