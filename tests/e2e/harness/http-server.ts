import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FixtureServer, Route } from './https-server';

/** A plain HTTP server on 127.0.0.1, like a local model server (Ollama, llama.cpp) would be. */
export async function startHttpServer(routes: Route[]): Promise<FixtureServer> {
  const server = createServer((request, response) => {
    for (const route of routes) if (route(request, response)) return;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
