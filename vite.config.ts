import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';

/**
 * Writes dist/precache.json: every file of the build. The service worker (public/sw.js)
 * keeps them all when it installs, so a kiosk restarted without a network has every
 * screen's chunk, not only the ones it had opened.
 */
function precacheManifest(): Plugin {
  return {
    name: 'signage-precache-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map') && !file.endsWith('.html'))
        .sort()
        .map((file) => `/${file}`);
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: `${JSON.stringify({ files }, null, 1)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precacheManifest()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
