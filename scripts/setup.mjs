// One command from a fresh clone to a built extension: browser for the tests, packages, build.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command) => {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
};

const chromiums = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const firefoxes = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const missing = [];
if (!process.env.CHROME_PATH && !chromiums.some((path) => existsSync(path))) missing.push('chromium');
if (!process.env.FIREFOX_PATH && !firefoxes.some((path) => existsSync(path))) missing.push('firefox-esr');
if (missing.length > 0) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('apt-get update');
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`);
  } else {
    console.warn(
      `Missing for the end-to-end tests: ${missing.join(', ')}. Install (e.g. \`sudo apt-get install -y ${missing.join(' ')}\`) or set CHROME_PATH / FIREFOX_PATH.`,
    );
  }
}
run('npm ci');
run('npm run build');
run('npm run build:firefox');
console.log('\nBuilt. Load .output/chrome-mv3 in Chrome (chrome://extensions → Developer mode → Load unpacked),');
console.log(
  'or .output/firefox-mv2 in Firefox (about:debugging → This Firefox → Load Temporary Add-on → manifest.json).',
);
