/** The part of a runtime.Port our channels use; tests pair two in memory. */
export interface PortLike {
  readonly name?: string;
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}
