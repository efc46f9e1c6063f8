import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** True once the client hung up before we finished answering (a cancel or timeout really stopped it). */
  clientClosed: boolean;
}

export type Respond = (exchange: Exchange, response: ServerResponse, index: number) => void | Promise<void>;

export interface TestServer {
  url: string;
  exchanges: Exchange[];
  /** Requests to paths that start with `prefix`. */
  count(prefix: string): number;
  setHandler(respond: Respond): void;
  close(): Promise<void>;
}

/** A local HTTP server whose answers each test scripts; it records every request. */
export async function startTestServer(): Promise<TestServer> {
  let respond: Respond = (_exchange, response) => void response.writeHead(500).end();
  const exchanges: Exchange[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const exchange: Exchange = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientClosed: false,
      };
      response.on('close', () => {
        if (!response.writableEnded) exchange.clientClosed = true;
      });
      exchanges.push(exchange);
      void respond(exchange, response, exchanges.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    count: (prefix) => exchanges.filter((exchange) => exchange.path.startsWith(prefix)).length,
    setHandler(next) {
      respond = next;
      exchanges.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes SSE frames with a small gap, like a real model streaming. */
export async function writeFrames(response: ServerResponse, frames: readonly string[], gapMs = 5): Promise<void> {
  for (const frame of frames) {
    if (response.destroyed) return;
    response.write(frame);
    await sleep(gapMs);
  }
}
