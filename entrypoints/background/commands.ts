import { browser } from 'wxt/browser';
import type { Engine } from '@/lib/engine/engine';

/** The shortcut's name in the manifest (wxt.config.ts); opening the panel is the browser's own `_execute_*`. */
const CHECK_COMMAND = 'check-results';

/** Opens the panel beside the tab (a shortcut counts as the person's gesture, which both browsers require). */
function openPanel(tabId: number, windowId: number | undefined): Promise<unknown> {
  if (browser.sidePanel?.open) return browser.sidePanel.open({ tabId });
  const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  return sidebar?.open() ?? Promise.resolve(windowId);
}

/** "Check the results": the panel opens on the tab and the check starts; the panel follows it. */
export function watchCommands(engine: Pick<Engine, 'checkTab'>): void {
  browser.commands?.onCommand.addListener((command, tab) => {
    if (command !== CHECK_COMMAND || tab?.id === undefined) return;
    // Called first, within the gesture: an await before it would lose the gesture.
    void openPanel(tab.id, tab.windowId).catch(() => undefined);
    void engine.checkTab(tab.id).catch((error: unknown) => console.warn('check not started', error));
  });
}
