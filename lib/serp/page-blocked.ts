/** The engine showed a bot check or consent wall instead of results: a reason to show, not garbage to read. */
export class PageBlockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageBlockedError';
  }
}
