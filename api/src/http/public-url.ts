import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import os from 'node:os';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../deps';

/**
 * The public addresses links and e-ID return addresses are built from (issue 16).
 *
 * Production: only the configured ones — PUBLIC_WEB_URL for the shop, PUBLIC_STORE_URL for the
 * store app. Demo mode: the host name the person opened the app on (127.0.0.1, localhost, the
 * machine's LAN name …) with the configured app's scheme and port, so a demo started on
 * 127.0.0.1:5173 or from a phone on the LAN gets its MitID login back and its mailed links to the
 * same place. The host name is taken only from X-Forwarded-Host written by a trusted proxy (the
 * apps' own server sets it from the connection's Host, vite.config.base.ts) and only when it is
 * on the allow-list below; anything else falls back to the configured address.
 */

export interface PublicUrls {
  /** The shop's origin, no trailing slash. */
  shop: string;
  /** The store app's origin, no trailing slash. */
  store: string;
}

const requestUrls = new AsyncLocalStorage<PublicUrls>();

const trim = (url: string) => url.replace(/\/$/, '');
const DEFAULT_STORE_URL = 'http://localhost:5174';

const PRIVATE_V4 = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^127\./];

/** Host names a demo may be opened on: loopback, the configured apps' hosts, this machine's name, private LAN addresses. */
export function isAllowedDemoHost(hostname: string, config: Pick<AppConfig, 'publicWebUrl' | 'publicStoreUrl'>): boolean {
  const h = hostname.toLowerCase();
  if (h.length > 253) return false;
  if (h === 'localhost' || h.endsWith('.localhost') || h === '[::1]') return true;
  for (const configured of [config.publicWebUrl, config.publicStoreUrl ?? DEFAULT_STORE_URL]) {
    if (new URL(configured).hostname.toLowerCase() === h) return true;
  }
  if (isIP(h) === 4) return PRIVATE_V4.some((r) => r.test(h));
  const machine = os.hostname().toLowerCase();
  return machine !== '' && (h === machine || h === `${machine}.local` || h === `${machine}.lan`);
}

/** Host names from a Host header: a name or IPv4 address with an optional port, or a bracketed IPv6 one. */
const HOST = /^(\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d{1,5}))?$/i;

/** The host name the person opened the app on, as the trusted proxy forwarded it; null when there is none to trust. */
export function forwardedHostname(req: Request): string | null {
  const given = req.headers['x-forwarded-host'];
  if (typeof given !== 'string' || given.length > 260) return null;
  // Only a proxy the API trusts (TRUST_PROXY) may name the host.
  const trust = req.app.get('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  const peer = req.socket.remoteAddress;
  if (!trust || !peer || !trust(peer, 0)) return null;
  const match = HOST.exec(given.trim());
  return match ? match[1]!.toLowerCase() : null;
}

function withHostname(url: string, hostname: string): string {
  const u = new URL(url);
  u.hostname = hostname;
  return trim(u.origin);
}

/** The public addresses for one request (see the module comment). */
export function publicUrlsFor(req: Request, config: AppConfig): PublicUrls {
  const configured: PublicUrls = { shop: trim(config.publicWebUrl), store: trim(config.publicStoreUrl ?? DEFAULT_STORE_URL) };
  if (!config.demo) return configured;
  const hostname = forwardedHostname(req);
  if (!hostname || !isAllowedDemoHost(hostname, config)) return configured;
  return { shop: withHostname(configured.shop, hostname), store: withHostname(configured.store, hostname) };
}

/** Middleware: the request's public addresses for the services it calls (read with shopUrl/storeUrl). */
export function publicUrls(config: AppConfig) {
  return (req: Request, _res: Response, next: NextFunction) => {
    requestUrls.run(publicUrlsFor(req, config), next);
  };
}

/** The shop's public origin for the request under way; the configured one outside a request (jobs). */
export function shopUrl(config: Pick<AppConfig, 'publicWebUrl'>): string {
  return requestUrls.getStore()?.shop ?? trim(config.publicWebUrl);
}

/** The store app's public origin for the request under way; the configured one outside a request. */
export function storeUrl(config: Pick<AppConfig, 'publicStoreUrl'>): string {
  return requestUrls.getStore()?.store ?? trim(config.publicStoreUrl ?? DEFAULT_STORE_URL);
}
