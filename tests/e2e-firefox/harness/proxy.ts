import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { FixtureServer, Route } from '../../e2e/harness/https-server';

/**
 * Firefox has no --host-resolver-rules: it reaches the engines' real addresses through this proxy
 * instead. HTTPS to a listed host is tunnelled (CONNECT) to the local fixture server, whose
 * certificate names that host; plain HTTP is answered by the routes (a server on the person's own
 * network, say). Anything else is refused: the browser under test reaches nothing else.
 */
export async function startProxy(options: {
  tunnels: Record<string, number>;
  routes: Route[];
}): Promise<FixtureServer & { refused: string[] }> {
  const refused: string[] = [];
  const server: Server = createServer((request, response) => {
    for (const route of options.routes) if (route(request, response)) return;
    refused.push(`${request.method} ${request.url}`);
    response.writeHead(502).end();
  });
  server.on('connect', (request, client, head) => {
    const [host = '', port = ''] = (request.url ?? '').split(':');
    const target = options.tunnels[host];
    if (port !== '443' || target === undefined) {
      refused.push(`CONNECT ${request.url}`);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(target, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
