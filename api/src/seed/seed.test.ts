import { describe, expect, it } from 'vitest';
import { articleSchema, categorySchema, lookupPostcode, storeSchema } from '@optik/shared';
import { verifyPassword } from '../modules/auth/password';
import { createMemoryStorage } from '../storage/memory';
import { DEMO_PASSWORD, generateAccounts } from './accounts';
import { generateArticles } from './catalogue';
import { seedIfEmpty } from './index';
import { generatePages } from './pages';
import { generateStores } from './stores';
import { taxonomy } from './taxonomy';
import { articlesCollection } from '../modules/catalogue/records';
import { allCollections } from '../collections';

const articles = generateArticles();

describe('seeded catalogue', () => {
  it('has at least 1,500 valid articles with unique ids, slugs and sku ids', () => {
    expect(articles.length).toBeGreaterThanOrEqual(1500);
    for (const a of articles) articleSchema.parse(a);
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    const skus = articles.flatMap((a) => a.skus.map((s) => s.id));
    expect(new Set(skus).size).toBe(skus.length);
  });

  it('is deterministic', () => {
    expect(generateArticles()).toEqual(articles);
  });

  it('fills every category and every sub-route of SPEC §2 with at least 5 articles', () => {
    for (const c of categorySchema.options) expect(articles.filter((a) => a.category === c).length, c).toBeGreaterThanOrEqual(5);
    for (const node of taxonomy) {
      for (const child of node.children) {
        expect(articles.filter((a) => a.routes.includes(child.path)).length, child.path).toBeGreaterThanOrEqual(5);
      }
    }
    for (const path of ['/briller/gucci', '/briller/tom-ford', '/briller/lindberg', '/briller/køb-online', '/solbriller/chimi', '/solbriller-med-styrke', '/sportsbriller/golf', '/kontaktlinser/flerstyrke', '/kontaktlinser/ugelinser']) {
      expect(articles.some((a) => a.routes.includes(path)), path).toBe(true);
    }
  });

  it('mixes publicationStatus 20/30/40, campaigns and all three flag colours', () => {
    const statuses = new Set(articles.map((a) => a.price.unit.publicationStatus));
    expect([...statuses].sort()).toEqual([20, 30, 40]);
    const campaigns = articles.filter((a) => a.price.unit.isCampaign);
    expect(campaigns.length).toBeGreaterThan(100);
    for (const a of campaigns) expect(a.price.unit.amount).toBeLessThan(a.price.unit.ordinaryPrice);
    expect(new Set(articles.flatMap((a) => a.flags.map((f) => f.color)))).toEqual(new Set(['Blue', 'Orange', 'Black']));
    for (const a of articles.filter((x) => x.price.unit.publicationStatus === 40)) expect(a.dto).toBe(false);
  });

  it('gives contact lenses parameters, package sizes and a cheaper subscription price', () => {
    const lenses = articles.filter((a) => a.category === 'kontaktlinser');
    for (const l of lenses) {
      expect(l.lensParameters?.powers.length).toBeGreaterThan(20);
      expect(l.packageAmount).toBeGreaterThan(0);
      expect(l.allowSubscription).toBe(true);
      expect(l.price.subscription!.amount).toBeLessThan(l.price.unit.ordinaryPrice);
    }
    expect(lenses.filter((l) => l.routes.includes('/kontaktlinser/til-bygningsfejl')).every((l) => l.lensParameters?.axes?.length)).toBe(true);
  });

  it('prices in whole kroner with realistic DKK ranges', () => {
    for (const a of articles) {
      expect(a.price.unit.amount % 100).toBe(0);
      expect(a.price.unit.ordinaryPrice).toBeGreaterThanOrEqual(1_900);
      expect(a.price.unit.ordinaryPrice).toBeLessThanOrEqual(600_000);
    }
  });
});

describe('seeded stores, pages and accounts', () => {
  it('has at least 40 valid stores whose city matches the postcode list', () => {
    const stores = generateStores();
    expect(stores.length).toBeGreaterThanOrEqual(40);
    for (const s of stores) {
      storeSchema.parse(s);
      expect(lookupPostcode(s.postcode)?.city).toBe(s.city);
    }
    expect(new Set(stores.map((s) => s.region)).size).toBeGreaterThanOrEqual(5);
  });

  it('has the content pages of SPEC §2', () => {
    const urls = generatePages().map((p) => p.url);
    for (const u of ['/garanti-ombytningsret', '/delbetaling', '/fri-service', '/rabat-tilbud', '/forbrugerklager', '/købs-og-leveringsbetingelser', '/cookies', '/privatlivspolitik', '/profil-optiks-historie', '/presse', '/billeder-og-logo', '/om-os/tilgængelighed', '/kontakt-os', '/baeredygtighed', '/cookieliste']) {
      expect(urls).toContain(u);
    }
  });

  it('creates demo accounts for every role with the demo password', async () => {
    const accounts = await generateAccounts();
    expect(new Set(accounts.map((a) => a.role))).toEqual(new Set(['customer', 'store-staff', 'manager', 'company-contact']));
    for (const a of accounts) expect(await verifyPassword(DEMO_PASSWORD, a.passwordHash)).toBe(true);
    expect(accounts.filter((a) => a.role === 'store-staff').map((a) => a.storeId).sort()).toEqual(['st-001', 'st-002']);
  });

  it('seeds an empty store once and leaves a non-empty one alone', async () => {
    const storage = createMemoryStorage(allCollections);
    const first = await seedIfEmpty(storage);
    expect(first.seeded).toBe(true);
    expect(first.counts.articles).toBe(articles.length);
    await storage.collection(articlesCollection).remove(articles[0]!.id);
    const second = await seedIfEmpty(storage);
    expect(second.seeded).toBe(false);
    expect(await storage.collection(articlesCollection).count()).toBe(articles.length - 1);
  });
});
