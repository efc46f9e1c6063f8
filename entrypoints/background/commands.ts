import { browser } from 'wxt/browser';
import type { Engine } from '@/lib/engine/engine';

/** The shortcut's name in the manifest (wxt.config.ts); opening the panel is the browser's own `_execute_*`. */
export const CHECK_COMMAND = 'check-results';

/** What the shortcuts need of the browser: Chrome opens a side panel, Firefox its sidebar. */
export interface CommandApis {
  commands?: {
    onCommand: { addListener(listener: (command: string, tab?: { id?: number }) => void): void };
  };
  sidePanel?: { open(options: { tabId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/** Opens the panel beside the tab; a shortcut counts as the person's gesture, which both browsers require. */
function openPanel(apis: CommandApis, tabId: number): Promise<void> {
  if (apis.sidePanel) return apis.sidePanel.open({ tabId });
  return apis.sidebarAction?.open() ?? Promise.resolve();
}

/** "Check the results": the panel opens on the tab and the check starts; the panel follows it. */
export function watchCommands(
  engine: Pick<Engine, 'checkTab'>,
  apis: CommandApis = browser as unknown as CommandApis,
): void {
  apis.commands?.onCommand.addListener((command, tab) => {
    if (command !== CHECK_COMMAND || tab?.id === undefined) return;
    // Opened first and without awaiting anything before it: an await would lose the gesture.
    void openPanel(apis, tab.id).catch(() => undefined);
    void engine.checkTab(tab.id).catch((error: unknown) => console.warn('check not started', error));
  });
}
