// Renders the extension's icons from their SVG sources (assets/icon/) into public/icon/, where
// WXT copies them into every build and `wxt zip`. Run after editing an SVG: `npm run icons`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = (name) => readFileSync(join(root, 'assets/icon', name), 'utf8');
const out = join(root, 'public/icon');
mkdirSync(out, { recursive: true });

/** Every size a store or a manifest asks for (Chrome: 16, 32, 48, 128; Firefox: 48, 96 for HiDPI). */
const APP_SIZES = [16, 32, 48, 96, 128];
/** Toolbar sizes at 1x and 2x. */
const TOOLBAR_SIZES = [16, 32];

const render = (svg, size, file) => {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  writeFileSync(join(out, file), png);
  console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
};

for (const size of APP_SIZES) render(source('icon.svg'), size, `${size}.png`);
for (const size of TOOLBAR_SIZES) {
  render(source('toolbar-dark-ink.svg'), size, `toolbar-dark-ink-${size}.png`);
  render(source('toolbar-light-ink.svg'), size, `toolbar-light-ink-${size}.png`);
}
