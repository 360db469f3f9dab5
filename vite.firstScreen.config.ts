import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { consoleDefines } from './vite.config';

// The console built for Node, as the process that draws a visit's first screen for the server runs it (server/firstScreen.ts).
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: consoleDefines(mode),
  build: {
    ssr: 'src/firstScreen/drawer.tsx',
    outDir: 'dist-server/first-screen',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    copyPublicDir: false,
  },
}));
