import * as oidc from 'openid-client';
import { TEXT_MAX } from '@optik/shared';
import { EidError, eidFailureOf, type EidClaims, type EidProvider } from './eid';

/**
 * The real e-ID adapter: MitID through a certified broker (Criipto, Signicat, …) over OpenID
 * Connect, with `openid-client` (certified relying-party library) doing the protocol: discovery
 * of the broker's endpoints and keys, the authorization request (PKCE S256, state, nonce,
 * response in the fragment so the code never reaches a server log), and on the way back the
 * authorization response (state, RFC 9207 `iss`), the code exchange with the client secret and
 * the ID token (signature, issuer, audience, expiry, nonce).
 */
export interface OidcEidOptions {
  /** The broker's issuer URL (EID_ISSUER); https, or http on this machine only (tests, a local broker). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The shop's callback page, as registered at the broker. */
  redirectUri: string;
  /** The claim that carries the CPR number (brokers name it differently: `dk.cpr`, `cprNumberIdentifier`, …). */
  cprClaim: string;
  /** The scope that asks the broker for the CPR number. */
  cprScope: string;
  /** Seconds a call to the broker may take before the login counts as "temporarily unavailable". */
  timeoutSeconds?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function createOidcEid(opts: OidcEidOptions): EidProvider {
  const issuer = new URL(opts.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  const timeout = opts.timeoutSeconds ?? 10;
  // Discovered once and kept; a failed discovery (broker down) is tried again on the next login.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, opts.clientId, { redirect_uris: [opts.redirectUri], response_types: ['code'] }, oidc.ClientSecretBasic(opts.clientSecret), {
        timeout,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };

  return {
    async authorizationUrl(r) {
      const config = await configuration();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: r.redirectUri,
          scope: ['openid', 'profile', 'email', ...(r.requestCpr ? [opts.cprScope] : [])].join(' '),
          state: r.state,
          nonce: r.nonce,
          code_challenge: r.codeChallenge,
          code_challenge_method: 'S256',
          response_mode: 'fragment',
        })
        .toString();
    },

    async exchangeCode({ code, codeVerifier, redirectUri, state, nonce, iss }) {
      const config = await configuration();
      // The authorization response as the browser got it in the fragment, for openid-client to check.
      const current = new URL(redirectUri);
      current.searchParams.set('code', code);
      if (state !== undefined) current.searchParams.set('state', state);
      if (iss !== undefined) current.searchParams.set('iss', iss);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        // Brokers put the person's claims in the ID token or (scope-based) at the userinfo endpoint.
        const userinfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub) : {};
        return claimsOf({ ...userinfo, ...idToken }, opts.cprClaim);
      } catch (err) {
        throw brokerFailure(err);
      }
    },
  };
}

/** Broker errors → the SPEC §8 cases; an unreachable broker (fetch failed, timeout) stays as it is: "temporarily unavailable". */
function brokerFailure(err: unknown): unknown {
  if (err instanceof oidc.ResponseBodyError) return new EidError(err.status >= 500 ? 'unavailable' : eidFailureOf(err.error), err.error);
  if (err instanceof oidc.AuthorizationResponseError) return new EidError(eidFailureOf(err.error), err.error);
  if (err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) return err;
  // A response that fails a check (state, issuer, signature, nonce, audience …) is not trusted.
  return new EidError('problems', err instanceof oidc.ClientError && err.code ? err.code : 'invalid response');
}

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** The verified claims in the port's shape; names split from `name` when the broker gives only that. */
export function claimsOf(claims: Record<string, unknown>, cprClaim: string): EidClaims {
  let givenName = text(claims.given_name, TEXT_MAX.name);
  let familyName = text(claims.family_name, TEXT_MAX.name);
  if (!givenName && !familyName) {
    const full = text(claims.name, TEXT_MAX.name * 2);
    const cut = full.lastIndexOf(' ');
    givenName = (cut > 0 ? full.slice(0, cut) : full).slice(0, TEXT_MAX.name);
    familyName = (cut > 0 ? full.slice(cut + 1) : '').slice(0, TEXT_MAX.name);
  }
  const email = text(claims.email, TEXT_MAX.email) || null;
  const cpr = Object.hasOwn(claims, cprClaim) ? text(claims[cprClaim], 20) || null : null;
  return {
    sub: text(claims.sub, 255),
    nonce: typeof claims.nonce === 'string' ? claims.nonce : '',
    givenName,
    familyName,
    email,
    emailVerified: Boolean(email) && claims.email_verified === true,
    cpr,
  };
}
