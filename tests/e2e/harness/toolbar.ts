import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Worker } from 'playwright-core';
import { EXTENSION_DIR } from './extension';

export interface ToolbarButton {
  text: string;
  title: string;
  /** RGBA, as chrome.action.getBadgeBackgroundColor gives it. */
  color: [number, number, number, number];
}

/** What the browser holds for a tab's toolbar button (read through chrome.action in the worker). */
export function readToolbar(worker: Worker, tabId: number): Promise<ToolbarButton> {
  return worker.evaluate(async (id: number) => {
    const action = (
      globalThis as unknown as {
        chrome: {
          action: {
            getBadgeText(details: { tabId: number }): Promise<string>;
            getTitle(details: { tabId: number }): Promise<string>;
            getBadgeBackgroundColor(details: { tabId: number }): Promise<[number, number, number, number]>;
          };
        };
      }
    ).chrome.action;
    return {
      text: await action.getBadgeText({ tabId: id }),
      title: await action.getTitle({ tabId: id }),
      color: await action.getBadgeBackgroundColor({ tabId: id }),
    };
  }, tabId);
}

/**
 * Headless Chromium draws no toolbar, so the button is drawn here as Chrome draws it (the built
 * icon, the badge text on its colour at the bottom right, the title as a tooltip below) from the
 * values the browser holds, and the picture saved.
 */
export async function drawToolbar(
  context: BrowserContext,
  buttons: { label: string; button: ToolbarButton }[],
  path: string,
) {
  const icon = `data:image/png;base64,${readFileSync(join(EXTENSION_DIR, 'icon/32.png')).toString('base64')}`;
  const asText = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = buttons
    .map(({ label, button }) => {
      const [r, g, b, a] = button.color;
      const badge = button.text
        ? `<span class="badge" style="background: rgba(${r},${g},${b},${a / 255})">${asText(button.text)}</span>`
        : '';
      return `<div class="row"><span class="label">${asText(label)}</span><span class="bar"><span class="btn"><img src="${icon}" alt="">${badge}</span></span><span class="tip">${asText(button.title)}</span></div>`;
    })
    .join('');
  const page = await context.newPage();
  await page.setViewportSize({ width: 760, height: 60 + buttons.length * 56 });
  await page.setContent(`<!doctype html><style>
    body { font: 13px system-ui, sans-serif; margin: 12px; background: #fff; }
    .row { display: flex; align-items: center; gap: 12px; height: 52px; }
    .label { width: 110px; color: #444; }
    .bar { background: #dee1e6; padding: 6px 10px; border-radius: 6px; }
    .btn { position: relative; display: inline-block; width: 32px; height: 32px; }
    .btn img { width: 32px; height: 32px; }
    .badge { position: absolute; right: -6px; bottom: -4px; min-width: 14px; padding: 0 3px; height: 16px; border-radius: 8px;
      color: #fff; font: bold 11px/16px system-ui, sans-serif; text-align: center; }
    .tip { background: #3c4043; color: #fff; padding: 4px 8px; border-radius: 4px; font-size: 12px; }
  </style>${rows}`);
  await page.screenshot({ path });
  await page.close();
}
