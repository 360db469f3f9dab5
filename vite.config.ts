import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompress } from './scripts/precompress';
import { screenChunks } from './scripts/screenChunks';

/** Where the console's code finds the API and its own public address, as the build's environment says. */
export function consoleDefines(mode: string) {
  const env = loadEnv(mode, process.cwd(), '');
  return {
    __API_BASE__: JSON.stringify(env.VITE_API_BASE ?? ''),
    __UC_BASE__: JSON.stringify(env.VITE_UC_BASE ?? env.VITE_API_BASE ?? ''),
    __PUBLIC_URL__: JSON.stringify(env.VITE_PUBLIC_URL ?? ''),
  };
}

// `npm run dev` serves the console with hot reload and sends API calls to the server on API_PORT.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiTarget = `http://localhost:${env.API_PORT ?? 3000}`;
  const chunks = screenChunks();
  return {
    // Brotli and gzip copies of the built files, which the server sends as they are (server/consoleAssets.ts).
    plugins: [react(), chunks.plugin, precompress()],
    define: consoleDefines(mode),
    server: { proxy: { '/api': apiTarget, '/uc': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget } },
    build: {
      chunkSizeWarningLimit: 1500,
      // The console, and the small pages a phone opens from a link: the QR confirm and the registration.
      rollupOptions: {
        input: { console: 'index.html', qr: 'qr.html', register: 'register.html' },
        // Few chunks per screen rather than dozens of small ones (scripts/screenChunks.ts).
        output: { codeSplitting: { groups: chunks.groups } },
      },
    },
  };
});
