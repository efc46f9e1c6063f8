import { describe, expect, it } from 'vitest';
import { CHECK_COMMAND, type CommandApis, watchCommands, watchToolbarButton } from '@/entrypoints/background/commands';

function fakeBrowser(kind: 'chrome' | 'firefox') {
  const calls: string[] = [];
  let listener: ((command: string, tab?: { id?: number }) => void) | undefined;
  const clicks: (() => void)[] = [];
  const apis: CommandApis = {
    commands: {
      onCommand: {
        addListener: (added) => {
          listener = added;
        },
      },
    },
    ...(kind === 'chrome'
      ? { sidePanel: { open: async ({ tabId }) => void calls.push(`side panel ${tabId}`) } }
      : {
          sidebarAction: {
            open: async () => void calls.push('sidebar'),
            toggle: async () => void calls.push('sidebar toggled'),
          },
        }),
    // Given to both, so that the test shows Chrome (which has a side panel) leaves the click alone.
    browserAction: { onClicked: { addListener: (added) => void clicks.push(added) } },
  };
  const press = (command: string, tab?: { id?: number }) => listener?.(command, tab);
  const click = () => {
    for (const clicked of clicks) clicked();
  };
  return { apis, calls, press, click };
}

describe('the shortcuts', () => {
  it('"check the results" opens the panel on the tab, then starts the check there', async () => {
    const browser = fakeBrowser('chrome');
    watchCommands({ checkTab: async (tabId) => void browser.calls.push(`check ${tabId}`) }, browser.apis);
    browser.press(CHECK_COMMAND, { id: 4 });
    await Promise.resolve();
    expect(browser.calls).toEqual(['side panel 4', 'check 4']);
  });

  it('Firefox opens its sidebar; other commands, and a shortcut with no tab, do nothing', async () => {
    const browser = fakeBrowser('firefox');
    watchCommands({ checkTab: async (tabId) => void browser.calls.push(`check ${tabId}`) }, browser.apis);
    browser.press('_execute_sidebar_action', { id: 4 });
    browser.press(CHECK_COMMAND, {});
    browser.press(CHECK_COMMAND, { id: 9 });
    await Promise.resolve();
    expect(browser.calls).toEqual(['sidebar', 'check 9']);
  });

  it('a check that cannot start (the engine failed) does not throw out of the listener', async () => {
    const browser = fakeBrowser('chrome');
    watchCommands({ checkTab: async () => Promise.reject(new Error('engine gone')) }, browser.apis);
    expect(() => browser.press(CHECK_COMMAND, { id: 1 })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browser.calls).toEqual(['side panel 1']);
  });

  it('Firefox: a click on the toolbar button (it has no popup) opens or closes the sidebar; Chrome leaves it to the side panel', async () => {
    const firefox = fakeBrowser('firefox');
    watchToolbarButton(firefox.apis);
    firefox.click();
    await Promise.resolve();
    expect(firefox.calls).toEqual(['sidebar toggled']);

    const chrome = fakeBrowser('chrome');
    watchToolbarButton(chrome.apis);
    chrome.click();
    await Promise.resolve();
    expect(chrome.calls).toEqual([]);
  });
});
