import { expect, test } from '../fixtures';

const dataLayerEvents = () => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event);

test.describe('cookie consent, first visit', () => {
  test.use({ consent: 'undecided' });

  test('the banner asks; necessary only means no recommendations and no analytics; the footer button changes the choice', async ({ page, webURL, expectNoA11yViolations }) => {
    const recommendationCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/recommend/')) recommendationCalls.push(r.url());
    });
    await page.goto(webURL);
    const banner = page.getByRole('region', { name: 'Vi bruger cookies' });
    await expect(banner).toBeVisible();
    await expectNoA11yViolations(page);
    await banner.getByRole('button', { name: 'Kun nødvendige' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('main').getByRole('link', { name: /Solbriller/ }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Det kunne du også lide' })).toHaveCount(0);
    expect(recommendationCalls).toEqual([]);
    expect(await page.evaluate(dataLayerEvents)).toEqual([]);

    await page.getByRole('button', { name: 'Cookie-indstillinger' }).first().click();
    await page.getByRole('region', { name: 'Vi bruger cookies' }).getByRole('button', { name: 'Accepter alle' }).click();
    await expect(page.getByRole('heading', { name: 'Det kunne du også lide' })).toBeVisible();
    await page.goto(`${webURL}/solbriller`);
    await expect.poll(() => page.evaluate(dataLayerEvents)).toEqual(expect.arrayContaining(['pageview', 'view_item_list']));
  });

  test('/cookieliste lists every cookie and storage key with its group', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.goto(`${webURL}/cookieliste`);
    await expect(page.getByRole('heading', { name: 'Cookieliste', level: 1 })).toBeVisible();
    for (const name of ['optik_shopper', 'optik_session', 'optik_consent', 'depict_searches', 'depict_dsid']) await expect(page.getByRole('rowheader', { name })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
