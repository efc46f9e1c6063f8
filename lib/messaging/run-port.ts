/** Name of the port a page opens to follow a tab's runs (zod-free: the service worker imports it). */
export const RUN_PORT = 'run-events';
