import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
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

/**
 * Lets the browser fetch the app (src/app/app.tsx, imported by src/main.tsx only after it
 * has started, so that a configuration error can still show a screen) and every chunk it
 * imports together with the entry, instead of one round trip after it.
 */
/** The files of chunk `entry` and of every chunk it imports, from a build's bundle. */
function chunkFiles(bundle: Record<string, { type: string; imports?: string[] }>, entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
    files.add(file);
    chunk.imports?.forEach(visit);
  };
  visit(entry);
  return files;
}

function preloadApp(): Plugin {
  return {
    name: 'signage-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/app/app.tsx'),
        );
        if (!app || app.type !== 'chunk') return html;
        const files = chunkFiles(bundle, app.fileName);
        return {
          html,
          tags: [...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

/** The wall's routes: a kiosk there plays unattended, and must never reload itself. */
export const KIOSK_ROUTES = /^\/(screen|slides)(\/|$)/;

/** Each wall route's screen module, by the path's first segment. */
const WALL_SCREENS: Record<string, string> = {
  screen: '/src/features/player/routes/screen.tsx',
  slides: '/src/features/player/routes/slides.tsx',
};

/**
 * On a wall's address the player's own chunks are fetched beside the entry, not one round
 * trip after the app has started and the router has matched the path: a small script at the
 * top of index.html adds a modulepreload for the wall route's chunk and every chunk it imports
 * when the path is /screen or /slides (any other page loads none of them).
 */
function preloadWall(): Plugin {
  return {
    name: 'signage-preload-wall',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle);
        const filesBySegment: Record<string, string[]> = {};
        for (const [segment, module] of Object.entries(WALL_SCREENS)) {
          const entry = chunks.find((c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith(module));
          if (!entry || entry.type !== 'chunk') continue;
          const files = chunkFiles(bundle, entry.fileName);
          filesBySegment[segment] = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `/${file}`);
        }
        if (Object.keys(filesBySegment).length === 0) return html;
        const script =
          `{const f=${JSON.stringify(filesBySegment)}[location.pathname.split('/')[1]];` +
          `if(f)for(const h of f){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}}`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' as const }] };
      },
    },
  };
}

/**
 * In development only (a production build has no HMR client): Vite's client reloads the page
 * when its server restarts (it polls, then calls location.reload) or asks for a full reload;
 * a wall would go white for seconds and start its loop again. On the kiosk routes those
 * reloads are left out: the page keeps playing what it has loaded (an edit of the code shows
 * at the wall's next reload). Every other route reloads as Vite does.
 */
function kioskKeepsPlaying(): Plugin {
  const guard = `const __signageReload = () => {
  if (${KIOSK_ROUTES.toString()}.test(location.pathname)) {
    console.info('[vite] a kiosk route keeps playing: no reload');
    return;
  }
  location.reload();
};
`;
  return {
    name: 'signage-kiosk-keeps-playing',
    apply: 'serve',
    transform(code, id) {
      if (!/[\\/]vite[\\/]dist[\\/]client[\\/]client\.mjs$/.test(id.split('?')[0] ?? '')) return null;
      return { code: guard + code.replaceAll('location.reload()', '__signageReload()'), map: null };
    },
  };
}

/** The version a player reports in its heartbeat: the package version and the build's date. */
const appVersion = `${(JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }).version} (${new Date().toISOString().slice(0, 10)})`;

export default defineConfig({
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) },
  plugins: [react(), tailwindcss(), precacheManifest(), preloadApp(), preloadWall(), kioskKeepsPlaying()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // What the SPA and the edge functions share: plain TypeScript both take as it is.
      '@contracts': path.resolve(import.meta.dirname, 'supabase', 'functions', '_shared', 'contracts'),
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
