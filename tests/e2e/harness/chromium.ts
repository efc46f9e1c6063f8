import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** CHROME_PATH first, then the usual places; a one-line instruction when there is none. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH=${fromEnv} does not exist; point it at a Chromium or Chrome binary.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error('No Chromium found: run `npm run setup` (installs Debian chromium as root) or set CHROME_PATH.');
}
