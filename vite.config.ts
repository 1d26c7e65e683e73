import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  // react-router's package exports name only its development build (dev-time warnings and checks);
  // the production build it ships beside it is used for the bundle. Dev and tests keep the warnings.
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports preloads modules itself (Chromium 66, Firefox 115, Safari 17): the
    // polyfill for older ones would be bytes every first visit downloads for nothing.
    modulePreload: { polyfill: false },
    // scripts/check-bundle-size.mjs reads it to weigh what the first screen downloads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
}));
