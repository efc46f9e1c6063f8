import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_OUT_DIR, ICON_RENDERS, renderIcon } from '../../../scripts/render-icons';
import config from '../../../wxt.config';

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the icons', () => {
  it('each committed PNG is its SVG rendered at its size (npm run icons after editing an SVG)', () => {
    for (const icon of ICON_RENDERS) {
      const committed = readFileSync(join(ICON_OUT_DIR, icon.file));
      expect(pngSize(committed), icon.file).toEqual({ width: icon.size, height: icon.size });
      expect(renderIcon(icon).equals(committed), `${icon.file} is stale`).toBe(true);
    }
  });

  it('both manifests name icons that exist, at the sizes the stores ask for', async () => {
    const manifest = config.manifest;
    if (typeof manifest !== 'function') throw new Error('wxt.config.ts builds the manifest per browser');
    for (const browser of ['chrome', 'firefox']) {
      const built = await manifest({
        browser,
        manifestVersion: browser === 'firefox' ? 2 : 3,
        mode: 'production',
        command: 'build',
      });
      const icons = built.icons as Record<string, string>;
      expect(Object.keys(icons)).toEqual(expect.arrayContaining(['16', '32', '48', '128']));
      const action = built.action as {
        default_icon: Record<string, string>;
        theme_icons?: { dark: string; light: string }[];
      };
      const named = [
        ...Object.values(icons),
        ...Object.values(action.default_icon),
        ...(action.theme_icons ?? []).flatMap((t) => [t.dark, t.light]),
      ];
      for (const path of named) expect(() => readFileSync(join(ICON_OUT_DIR, '..', path))).not.toThrow();
      expect(action.theme_icons?.length ?? 0).toBe(browser === 'firefox' ? 2 : 0);
    }
  });
});
