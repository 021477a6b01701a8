// A production build of the app for a given stack, served by Vite's preview server: what a
// benchmark or the soak opens in Chromium (`npm run bench:player`, `npm run soak:wall`).
import { build, preview, type PreviewServer } from 'vite';

export interface AppPreview {
  /** The folder the build goes to (emptied first). */
  outDir: string;
  /** The Supabase URL and anon key the build is made for. */
  stackUrl: string;
  anonKey: string;
  /** The preview server's port on 127.0.0.1. */
  port: number;
  root: string;
}

/** Builds the app for `stackUrl` and serves it on 127.0.0.1:`port`. */
export async function buildAndPreview({ outDir, stackUrl, anonKey, port, root }: AppPreview): Promise<PreviewServer> {
  process.env.VITE_SUPABASE_URL = stackUrl;
  process.env.VITE_SUPABASE_ANON_KEY = anonKey;
  await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
}
