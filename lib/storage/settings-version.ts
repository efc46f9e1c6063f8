/** Where the settings live and their current version; zod-free so the service worker can import it. */
export const SETTINGS_KEY = 'settings';
export const SETTINGS_VERSION = 2;
