import type { ClientRequest, IncomingMessage } from 'node:http';

/**
 * What the apps' servers (the shop's own server, the dev and preview servers) pass on to the API
 * unchanged, on the same origin: same origin keeps the shopper cookie httpOnly and first-party.
 */
export const API_PATHS = [
  '/api',
  '/media',
  // The widget's provider API (search, listing, suggestions, recommendations, events).
  '/v2',
  '/create-events',
  // Generated from the catalogue by the API (SPEC §2 sitemap, robots).
  '/sitemap.xml',
  '/robots.txt',
] as const;

/** The one configurable base URL of the API (default http://127.0.0.1:4000). */
export const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

/**
 * The apps' server is the proxy in front of the API (issue 15): it tells the API who the client
 * is, from the connection itself. Whatever forwarding headers the client sent are replaced, so a
 * client cannot choose the address its rate limits are counted under (the API trusts these
 * headers from `TRUST_PROXY` hops only). Run on every proxied request (http-proxy's `proxyReq`).
 */
export function forwardClientAddress(proxyReq: Pick<ClientRequest, 'setHeader' | 'removeHeader'>, req: Pick<IncomingMessage, 'socket' | 'headers'>): void {
  proxyReq.removeHeader('forwarded');
  proxyReq.removeHeader('x-forwarded-port');
  // The host the browser opened the app on (its Host header, never a client-written
  // X-Forwarded-Host): in demo mode the API builds e-ID return addresses and links on it (issue 16).
  const host = req.headers.host;
  if (host && host.length <= 260) proxyReq.setHeader('x-forwarded-host', host);
  else proxyReq.removeHeader('x-forwarded-host');
  proxyReq.removeHeader('x-real-ip');
  const address = req.socket.remoteAddress;
  // A socket already closed has no address: then no client-chosen one either.
  if (address) proxyReq.setHeader('x-forwarded-for', address);
  else proxyReq.removeHeader('x-forwarded-for');
  proxyReq.setHeader('x-forwarded-proto', 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
}
