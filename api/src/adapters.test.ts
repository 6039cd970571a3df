import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAdapters, checkAdapters, MissingAdaptersError } from './adapters';
import { createApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { createMemoryCoordination } from './coordination/memory';
import { createMemoryMailer } from './ports/mail';
import { createSimulatedPayments } from './ports/payments';
import { createMemorySms } from './ports/sms';
import { createMemoryStorage } from './storage/memory';
import { allCollections } from './collections';
import { makeTestApp, shopperAgent, testConfig, TestClock } from './test/harness';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** The configuration from this environment, on a fresh data folder, with the secrets production needs. */
async function configFrom(env: Record<string, string>): Promise<ServerConfig> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-adapters-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, APP_SECRET: 'a'.repeat(64), DATA_ENCRYPTION_KEY: 'b'.repeat(64), ...env });
}

const EID = { EID_ISSUER: 'https://broker.example/oidc', EID_CLIENT_ID: 'optik-shop', EID_CLIENT_SECRET: 'en-hemmelighed' };
const ALL_MISSING = [
  'e-ID (EID_ISSUER, EID_CLIENT_ID og EID_CLIENT_SECRET)',
  'e-mail (SMTP_URL)',
  'betalinger (ingen rigtig adapter endnu)',
  'SMS (ingen rigtig adapter endnu)',
  'betalingsaftaler for abonnementer (ingen rigtig adapter endnu)',
  'pakkeshop-registret (ingen rigtig adapter endnu)',
  'CVR-registret (ingen rigtig adapter endnu)',
  'Lifestyle-platformen (ingen rigtig adapter endnu)',
  'butikkernes eksterne bookingsystemer (ingen rigtig adapter endnu)',
];

describe('DEMO and the EID_* configuration', () => {
  it('is demo mode with DEMO=1, or DEMO unset outside NODE_ENV=production; production otherwise', async () => {
    expect((await configFrom({})).app.demo).toBe(true);
    expect((await configFrom({ NODE_ENV: 'test' })).app.demo).toBe(true);
    expect((await configFrom({ NODE_ENV: 'production' })).app.demo).toBe(false);
    expect((await configFrom({ NODE_ENV: 'production', DEMO: '1' })).app.demo).toBe(true);
    expect((await configFrom({ DEMO: '0' })).app.demo).toBe(false);
    await expect(configFrom({ DEMO: 'ja' })).rejects.toThrow(/Ugyldig konfiguration:\n\s+DEMO:/);
  });

  it('takes the e-ID broker as all three EID_* settings or none, with the CPR claim configurable', async () => {
    expect((await configFrom({})).eid).toBeNull();
    expect((await configFrom(EID)).eid).toEqual({ issuer: EID.EID_ISSUER, clientId: 'optik-shop', clientSecret: 'en-hemmelighed', cprClaim: 'dk.cpr', cprScope: 'cpr' });
    expect((await configFrom({ ...EID, EID_CPR_CLAIM: 'cprNumberIdentifier', EID_CPR_SCOPE: 'ssn' })).eid).toMatchObject({ cprClaim: 'cprNumberIdentifier', cprScope: 'ssn' });
    await expect(configFrom({ EID_ISSUER: EID.EID_ISSUER })).rejects.toThrow(/EID_CLIENT_ID: skal sættes[^\n]*\n\s+EID_CLIENT_SECRET: skal sættes/);
    await expect(configFrom({ ...EID, EID_ISSUER: 'ikke en adresse' })).rejects.toThrow(/EID_ISSUER/);
    await expect(configFrom({ ...EID, EID_CLIENT_SECRET: 'x'.repeat(501) })).rejects.toThrow(/EID_CLIENT_SECRET/);
    await expect(configFrom({ ...EID, EID_CPR_CLAIM: 'a b' })).rejects.toThrow(/EID_CPR_CLAIM/);
  });
});

/** What checkAdapters refused the configuration with, or null when it let it start. */
function refusal(config: ServerConfig): MissingAdaptersError | null {
  try {
    checkAdapters(config);
    return null;
  } catch (err) {
    if (err instanceof MissingAdaptersError) return err;
    throw err;
  }
}

describe('port adapters from the configuration', () => {
  it('refuses production without real adapters, naming every missing one in one Danish message', async () => {
    const config = await configFrom({ NODE_ENV: 'production' });
    const error = refusal(config);
    expect(error?.missing).toEqual(ALL_MISSING);
    expect(error?.message).toBe(`Produktion kræver rigtige adaptere, men disse mangler: ${ALL_MISSING.join('; ')}. Konfigurér dem, eller start i demotilstand med DEMO=1.`);
    expect(() => buildAdapters(config, createMemoryStorage(allCollections), new TestClock())).toThrow(MissingAdaptersError);
  });

  it('does not name e-ID and e-mail once EID_* and SMTP_URL are set (the rest have no real adapter yet)', async () => {
    const config = await configFrom({ DEMO: '0', ...EID, SMTP_URL: 'smtp://mail.example:587' });
    expect(refusal(config)?.missing).toEqual(ALL_MISSING.slice(2));
    expect(refusal(await configFrom({ NODE_ENV: 'production', DEMO: '1' }))).toBeNull();
  });

  it('builds the simulators in demo mode, and the OpenID Connect adapter when EID_* is set', async () => {
    const storage = createMemoryStorage(allCollections);
    const demo = buildAdapters(await configFrom({ DEMO: '1' }), storage, new TestClock());
    expect(demo.payments.simulated).toBe(true);
    // The simulator serves its own MitID page; a real broker does not.
    expect(demo.eid.routes).toBeTypeOf('function');
    const withBroker = buildAdapters(await configFrom({ DEMO: '1', ...EID }), storage, new TestClock());
    expect(withBroker.eid.routes).toBeUndefined();
  });

  it('createApp in production builds no simulator for a port it is not given', () => {
    const deps = { storage: createMemoryStorage(allCollections), coordination: createMemoryCoordination(), clock: new TestClock(), logger: pino({ level: 'silent' }), mailer: createMemoryMailer(), sms: createMemorySms(), payments: createSimulatedPayments() };
    expect(() => createApp({ ...deps, config: { ...testConfig, demo: false } })).toThrow(/e-ID mangler en rigtig adapter/);
    expect(() => createApp({ ...deps, config: testConfig })).not.toThrow();
  });
});

describe('GET /api/meta and the e-ID simulator in demo mode', () => {
  it('tells the apps they talk to a demo, and the simulator answers a bad request as JSON', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const meta = await s.agent.get('/api/meta').expect(200);
    expect(meta.body).toEqual({ demo: true });
    const refused = await s.agent.get('/api/eid/sim/authorize?client_id=andet').expect(400);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ error: { code: 'bad_request', message: 'Ugyldig login-forespørgsel.' } });
  });
});
