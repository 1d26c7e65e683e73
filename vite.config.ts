import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // scripts/check-bundle-size.mjs reads it to weigh what the first screen downloads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
});
