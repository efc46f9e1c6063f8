/** Who sent a message, reduced to what trust decisions need. Kept free of zod: the service worker imports it. */
export interface SenderInfo {
  /** The sender's URL (a page URL for content scripts, an extension URL for our pages). */
  url: string | undefined;
  tabId: number | undefined;
  /** The extension id of the sender; another extension or a page has a different one or none. */
  extensionId: string | undefined;
}

/** True when the message comes from one of this extension's own pages, not a content script or a website. */
export function isExtensionPage(sender: SenderInfo, ownId: string, ownOrigin: string): boolean {
  return sender.extensionId === ownId && typeof sender.url === 'string' && sender.url.startsWith(ownOrigin);
}
