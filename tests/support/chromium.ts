// Finds the Chromium the end-to-end tests drive: Debian's package, never a
// browser downloaded by Playwright. When it is missing and this process may
// install packages (root with apt-get), it installs it; otherwise it says how.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first Chromium found: $CHROMIUM_PATH, then Debian's locations. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(isExecutable);
}

function canInstall(): boolean {
  return process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get');
}

/**
 * The path of a usable Chromium, installing Debian's package when allowed.
 * Returns undefined (after printing the command to run) when it cannot.
 */
export async function ensureChromium(): Promise<string | undefined> {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which is not an executable file.`);
    return undefined;
  }
  if (!canInstall()) {
    console.error(`Chromium is not installed. Install it with:\n  ${INSTALL_COMMAND}`);
    return undefined;
  }
  console.error('Chromium is not installed; installing Debian’s chromium package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed. Install Chromium with:\n  ${INSTALL_COMMAND}`);
      return undefined;
    }
  }
  return findChromium();
}

/** Like ensureChromium, but throws with the command to run when there is no Chromium. */
export async function requireChromium(): Promise<string> {
  const found = await ensureChromium();
  if (!found) throw new Error(`Chromium is required for the end-to-end tests. Install it with:\n  ${INSTALL_COMMAND}`);
  return found;
}
