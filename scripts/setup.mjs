// One command from a fresh clone to a built extension: browser for the tests, packages, build.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (command) => {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
};

const browsers = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const haveBrowser = Boolean(process.env.CHROME_PATH) || browsers.some((path) => existsSync(path));
if (!haveBrowser) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('apt-get update');
    run('DEBIAN_FRONTEND=noninteractive apt-get install -y chromium');
  } else {
    console.warn(
      'No Chromium found for the end-to-end tests. Install it (e.g. `sudo apt-get install -y chromium`) or set CHROME_PATH.',
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
