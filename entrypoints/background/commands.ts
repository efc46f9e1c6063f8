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
  sidebarAction?: { open(): Promise<void>; toggle?(): Promise<void> };
  /** Firefox MV2's toolbar button (Chrome's opens the side panel by setPanelBehavior instead). */
  browserAction?: { onClicked: { addListener(listener: () => void): void } };
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

/**
 * Firefox: the toolbar button (a browserAction with no popup, which carries the tab's badge) does
 * nothing of itself when clicked; its title promises the panel, so a click opens or closes the sidebar.
 * Chrome's button opens the side panel by the panel behaviour set at start.
 */
export function watchToolbarButton(apis: CommandApis = browser as unknown as CommandApis): void {
  const { sidebarAction, browserAction } = apis;
  if (apis.sidePanel || !sidebarAction || !browserAction) return;
  browserAction.onClicked.addListener(() => {
    // Called at once: the click is the gesture the sidebar needs, and an await would lose it.
    void (sidebarAction.toggle?.() ?? sidebarAction.open()).catch(() => undefined);
  });
}
