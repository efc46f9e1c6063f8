import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Route = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FixtureServer {
  port: number;
  close(): Promise<void>;
}

/** A self-signed certificate for the given hosts, made at test time with openssl. */
function makeCertificate(hosts: readonly string[]): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'factcheck-cert-'));
  try {
    const san = ['DNS:localhost', 'IP:127.0.0.1', ...hosts.map((host) => `DNS:${host}`)].join(',');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        `/CN=${hosts[0] ?? 'localhost'}`,
        '-addext',
        `subjectAltName=${san}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Serves saved result pages over HTTPS on 127.0.0.1; Chromium reaches it at the engines'
 * real host names through --host-resolver-rules. Routes are tried in order; 404 otherwise.
 */
export async function startHttpsServer(hosts: readonly string[], routes: Route[]): Promise<FixtureServer> {
  const server: Server = createServer(makeCertificate(hosts), (request, response) => {
    for (const route of routes) if (route(request, response)) return;
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Serves a file for a host and path prefix (query strings ignored). */
export function fixtureRoute(host: string, pathPrefix: string, file: string): Route {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if ((request.headers.host ?? '').split(':')[0] !== host || !path.startsWith(pathPrefix)) return false;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file));
    return true;
  };
}

/** Serves an HTML string for a host and path prefix (synthetic pages made at test time). */
export function htmlRoute(host: string, pathPrefix: string, html: () => string): Route {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if ((request.headers.host ?? '').split(':')[0] !== host || !path.startsWith(pathPrefix)) return false;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html());
    return true;
  };
}
