/**
 * Renders the extension's icons from their SVG sources (assets/icon/) into public/icon/, where WXT
 * copies them into every build and `wxt zip`. Run after editing an SVG:
 *
 *   npm run icons
 *
 * tests/unit/assets/icons.test.ts fails when a committed PNG no longer matches its SVG.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const ROOT = join(import.meta.dirname, '..');
export const ICON_SOURCE_DIR = join(ROOT, 'assets/icon');
export const ICON_OUT_DIR = join(ROOT, 'public/icon');

/** Every size a store or a manifest asks for (Chrome: 16, 32, 48, 128; Firefox also 96 for HiDPI). */
const APP_SIZES = [16, 32, 48, 96, 128];
/** Firefox's toolbar icons by theme, at 1x and 2x. */
const TOOLBAR_SIZES = [16, 32];

export interface IconRender {
  source: string;
  size: number;
  file: string;
}

export const ICON_RENDERS: IconRender[] = [
  ...APP_SIZES.map((size) => ({ source: 'icon.svg', size, file: `${size}.png` })),
  ...TOOLBAR_SIZES.flatMap((size) => [
    { source: 'toolbar-dark-ink.svg', size, file: `toolbar-dark-ink-${size}.png` },
    { source: 'toolbar-light-ink.svg', size, file: `toolbar-light-ink-${size}.png` },
  ]),
];

export function renderIcon({ source, size }: IconRender): Buffer {
  const svg = readFileSync(join(ICON_SOURCE_DIR, source), 'utf8');
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(ICON_OUT_DIR, { recursive: true });
  for (const icon of ICON_RENDERS) {
    const png = renderIcon(icon);
    writeFileSync(join(ICON_OUT_DIR, icon.file), png);
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
}
