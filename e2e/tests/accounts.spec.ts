import type { Page } from '@playwright/test';
import { webURL } from '../env';
import { DEMO_PASSWORD, expect, test } from '../fixtures';
import { chooseSubscriptionEvery3Months, fillCheckout, lineName, rowNamePattern, subscriptionLens } from '../lens-subscription';
import { linkInMail } from '../mail';

// Paths below are the shop's.
test.use({ baseURL: webURL });

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.dk`;

/** An account made through the API (not yet verified), for tests that start after the registration. */
async function registerByApi(page: Page, email: string) {
  const { token } = (await (await page.request.get('/api/site/shopper')).json()) as { token: string };
  const res = await page.request.post('/api/auth/register', {
    headers: { 'CSRF-TOKEN': token },
    data: { firstName: 'Ole', lastName: 'Bak', email, phone: '20304050', password: 'gammel-kode-1', passwordRepeat: 'gammel-kode-1', acceptTerms: true },
  });
  expect(res.status()).toBe(201);
}

test('register → verify → log in → buy a lens subscription → pause → reactivate → change interval → cancel', async ({ page, webURL, expectNoA11yViolations }) => {
  // Issue 6's journey of one new customer through the shop and My Pages.
  test.setTimeout(120_000);
  const email = unique('ida');
  await page.goto('/min-konto/registrere');
  await expect(page.getByRole('heading', { level: 1, name: 'Opret konto' })).toBeVisible();
  await expectNoA11yViolations(page);

  // A refused form keeps what was typed and says what is wrong on each field.
  await page.getByLabel('Fornavn').fill('Ida');
  await page.getByLabel('Efternavn').fill('Holm');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobilnummer').fill('20 30 40 50');
  await page.getByLabel('Adgangskode', { exact: true }).fill('langkode123');
  await page.getByLabel('Gentag adgangskode').fill('langkode12');
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ret fejlene, og prøv igen.');
  await expect(page.getByText('Du skal acceptere vilkårene.')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await page.getByLabel('Gentag adgangskode').fill('langkode123');
  await page.getByRole('checkbox', { name: /Jeg accepterer vilkårene for Min konto/ }).check();
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tjek din e-mail' })).toBeFocused();
  await expect(page.getByText(`Vi har sendt et link til ${email}.`, { exact: false })).toBeVisible();
  await expectNoA11yViolations(page);

  // Verify from the mailed link, which signs the customer in.
  await page.goto(await linkInMail(email, '/min-konto/bekraeft-email#token='));
  await expect(page.getByRole('status')).toHaveText('Tak, Ida Holm. Din e-mail er bekræftet, og du er logget ind.');

  // Log out from My Pages.
  await page.goto('/min-konto');
  await page.getByRole('navigation', { name: 'Min konto' }).getByRole('link', { name: 'Log ud' }).click();
  await expect(page.getByRole('status')).toHaveText('Du er logget ud.');
  await expect(page.getByRole('link', { name: 'Til forsiden', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // My Pages asks to log in and comes back afterwards; the login form is used by keyboard.
  await page.goto('/min-konto/abonnement');
  await page.getByRole('main').getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/min-konto\/log-ind\?retur=%2Fmin-konto%2Fabonnement$/);
  await expectNoA11yViolations(page);
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Adgangskode')).toBeFocused();
  await page.keyboard.type('forkert-kode');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Login mislykkedes. Prøv igen.');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expectNoA11yViolations(page);
  await page.getByLabel('Adgangskode').fill('langkode123');
  await page.getByLabel('Adgangskode').press('Enter');
  await expect(page).toHaveURL(/\/min-konto\/abonnement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnementer' })).toBeVisible();
  await expect(page.getByText('Du har ingen abonnementer endnu.')).toBeVisible();

  // Buy a lens subscription: every 3 months, a prescription for the right eye.
  const lens = await subscriptionLens(page.request, webURL);
  const name = lineName(lens);
  await page.goto(`/produkt/${encodeURIComponent(lens.slug)}`);
  await expect(page.getByRole('heading', { level: 1, name: lens.name })).toBeVisible();
  await chooseSubscriptionEvery3Months(page);
  await page.getByRole('button', { name: 'Læg i kurv' }).press('Enter');

  // The cart opens with the line → checkout, where the account's details are filled in already.
  const drawer = page.getByRole('dialog', { name: /Din kurv/ });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('3. måned');
  await drawer.getByRole('link', { name: 'Gå til kassen' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Kassen' })).toBeVisible();
  await expect(page.getByLabel('Fornavn', { exact: true })).toHaveValue('Ida');
  await expect(page.getByLabel('Efternavn')).toHaveValue('Holm');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Mobilnummer')).toHaveValue('20304050');
  await fillCheckout(page);
  await page.getByRole('button', { name: /^Betal \d/ }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Tak for din ordre' })).toBeVisible();

  // My Pages: the new subscription is the customer's one and only.
  await page.goto('/min-konto/abonnement');
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnementer' })).toBeVisible();
  const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(name);
  await expect(card).toContainText('Hver 3. måned');
  await expect(card.getByText('Aktiv', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await card.getByRole('link').press('Enter');
  await expect(page).toHaveURL(/\/min-konto\/abonnement\/linse\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Linseabonnement' })).toBeVisible();
  await expect(page.getByRole('row', { name: rowNamePattern(name) })).toContainText('Styrke -1,25');
  await expect(page.getByText('Kort •••• 1111').first()).toBeVisible();
  await expectNoA11yViolations(page);

  // Pause, by keyboard: the dialog starts on the safe choice; Shift+Tab reaches the confirmation.
  await page.getByRole('button', { name: 'Sæt på pause' }).press('Enter');
  const pauseDialog = page.getByRole('dialog', { name: 'Sæt abonnementet på pause?' });
  await expect(pauseDialog.getByRole('button', { name: 'Fortryd' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Shift+Tab');
  await expect(pauseDialog.getByRole('button', { name: 'Ja, sæt på pause' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText('Abonnementet er sat på pause.')).toBeFocused();
  await expect(pauseDialog).toHaveCount(0);
  await expect(page.getByText('Sat på pause', { exact: true })).toBeVisible();

  // … reactivate …
  await page.getByRole('button', { name: 'Genaktivér abonnementet' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Abonnementet er aktivt igen.' })).toBeVisible();
  await expect(page.getByText('Aktiv', { exact: true })).toBeVisible();

  // … change the interval …
  await page.getByLabel('Levér linserne').selectOption({ label: 'Hver måned' });
  await page.getByRole('button', { name: 'Skift interval' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Leveringsintervallet er ændret til hver måned.' })).toBeVisible();

  // … and cancel. Escape first closes the dialog without cancelling and gives the focus back.
  const cancel = page.getByRole('button', { name: 'Opsig abonnementet' });
  await cancel.press('Enter');
  const cancelDialog = page.getByRole('dialog', { name: 'Opsig abonnementet?' });
  await expect(cancelDialog.getByRole('button', { name: 'Fortryd' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cancelDialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expect(page.getByText('Aktiv', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(cancelDialog.getByRole('button', { name: 'Fortryd' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(cancelDialog.getByRole('button', { name: 'Ja, opsig abonnementet' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Final: reactivation and pause are no longer offered.
  await expect(page.getByRole('status').getByText('Abonnementet er opsagt.')).toBeFocused();
  await expect(page.getByText('Opsagt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Genaktivér abonnementet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sæt på pause' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  // Still cancelled after a reload, and in the list.
  await page.reload();
  await expect(page.getByText('Opsagt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Genaktivér abonnementet' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Tilbage til abonnementer' }).press('Enter');
  await expect(card.getByText('Opsagt', { exact: true })).toBeVisible();
  await expect(card).toContainText('Hver måned');
});

test('a verified customer edits the details and changes the password', async ({ page, expectNoA11yViolations }) => {
  const email = unique('ole');
  await registerByApi(page, email);
  await page.goto(await linkInMail(email, '/min-konto/bekraeft-email#token='));
  await expect(page.getByRole('status')).toHaveText('Tak, Ole Bak. Din e-mail er bekræftet, og du er logget ind.');

  await page.goto('/min-konto/opgaver');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine oplysninger' })).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toHaveValue('Ole');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('E-mail')).not.toBeEditable();
  await expectNoA11yViolations(page);

  await page.getByLabel('Fornavn').fill('Ole Kristian');
  await page.getByLabel('Gade og husnummer').fill('Søndergade 12');
  await page.getByLabel('Postnummer').fill('3900');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByLabel('Postnummer')).toBeFocused();
  await expect(page.getByText('Vi leverer ikke til dette postnummer.')).toBeVisible();
  await page.getByLabel('Postnummer').fill('8000');
  await expect(page.getByLabel('By')).toHaveValue('Aarhus C');
  await page.getByRole('button', { name: 'Gem ændringer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dine oplysninger er gemt.' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(page.getByLabel('Fornavn')).toHaveValue('Ole Kristian');
  await expect(page.getByLabel('Gade og husnummer')).toHaveValue('Søndergade 12');
  await expect(page.getByLabel('Postnummer')).toHaveValue('8000');
  await expect(page.getByLabel('By')).toHaveValue('Aarhus C');

  // Change the password: the old one stops working.
  await page.getByLabel('Nuværende adgangskode').fill('gammel-kode-1');
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('nyere-kode-456');
  await page.getByLabel('Gentag ny adgangskode').fill('nyere-kode-456');
  await page.getByRole('button', { name: 'Skift adgangskode' }).click();
  await expect(page.getByText(/Din adgangskode er skiftet/)).toBeVisible();
  const { token } = (await (await page.request.get('/api/site/shopper')).json()) as { token: string };
  const old = await page.request.post('/api/auth/login', { headers: { 'CSRF-TOKEN': token }, data: { email, password: 'gammel-kode-1' } });
  expect(old.status()).toBe(401);
});

test('reset a forgotten password from the mailed link', async ({ page, expectNoA11yViolations }) => {
  const email = unique('ole');
  await registerByApi(page, email);
  await page.goto('/min-konto/log-ind');
  await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Glemt adgangskode' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText('Hvis e-mailen hører til en konto, har vi sendt et link');

  const link = await linkInMail(email, '#token=');
  expect(link).toContain('/min-konto/glemt-l%C3%B8sen#token=');
  // The mail is opened elsewhere; its link opens the shop afresh.
  await page.goto('/');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg en ny adgangskode' })).toBeVisible();
  // The one-time token leaves the address bar once read.
  await expect(page).not.toHaveURL(/token/);
  await expectNoA11yViolations(page);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('ny-lang-kode');
  await page.getByLabel('Gentag ny adgangskode').fill('ny-lang-kod');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByText('Adgangskoderne er ikke ens.')).toBeVisible();
  await expect(page.getByLabel('Gentag ny adgangskode')).toBeFocused();
  await page.getByLabel('Gentag ny adgangskode').fill('ny-lang-kode');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByRole('status')).toHaveText('Din adgangskode er ændret, og du er logget ind.');
  await expectNoA11yViolations(page);

  // The link worked once.
  await page.goto('/');
  await page.goto(link);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('tredje-kode-789');
  await page.getByLabel('Gentag ny adgangskode').fill('tredje-kode-789');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await expect(page.getByRole('alert')).toHaveText('Linket er udløbet eller allerede brugt. Bestil et nyt link.');
  await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible();
});

test('MitID is linked only from the signed-in account (never by its e-mail), then logs in through the simulator', async ({ page, loginAsCustomer, expectNoA11yViolations }) => {
  const mitidAsMette = async () => {
    await page.getByRole('button', { name: /MitID/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'MitID (simulator)' })).toBeVisible();
    await page.getByRole('radio', { name: /Mette Jensen/ }).check();
    await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  };
  // Signed out, a MitID whose verified e-mail is Mette's account's does not open that account.
  await page.goto('/min-konto/log-ind?retur=%2Fmin-konto%2Fopgaver');
  await page.getByRole('button', { name: 'Log ind med MitID' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'MitID (simulator)' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: /Mette Jensen/ }).check();
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Log ind med e-mail og adgangskode, og log derefter ind med MitID for at knytte det til kontoen.');

  // Signed in with her password, Mette links her MitID from her details.
  await loginAsCustomer();
  await page.goto('/min-konto/opgaver');
  await page.getByRole('button', { name: 'Knyt MitID til kontoen' }).click();
  await page.getByRole('radio', { name: /Mette Jensen/ }).check();
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page).toHaveURL(/\/min-konto\/opgaver$/);
  await expect(page.getByText('Din konto er knyttet til dit MitID')).toBeVisible();

  // Signed out again, MitID now opens her account.
  await page.context().clearCookies();
  await page.goto('/min-konto/log-ind?retur=%2Fmin-konto%2Fopgaver');
  await mitidAsMette();
  await expect(page).toHaveURL(/\/min-konto\/opgaver$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mine oplysninger' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('kunde@example.dk');
  await expect(page.getByText('Din konto er knyttet til dit MitID')).toBeVisible();
});

test('a cancelled MitID login says so and offers to try again', async ({ page, expectNoA11yViolations }) => {
  await page.goto('/min-konto/log-ind');
  await page.getByRole('button', { name: 'Log ind med MitID' }).click();
  await page.getByRole('button', { name: 'Annullér' }).click();
  await expect(page).toHaveURL(/\/min-konto\/log-ind\/mitid$/);
  await expect(page.getByRole('alert')).toHaveText('Login blev annulleret eller mislykkedes.');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Prøv igen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();

  // A login that ran out at MitID gives the SPEC §8 message too (the outage cases answer 5xx and are covered by the API tests).
  await page.getByRole('button', { name: 'Log ind med MitID' }).click();
  await page.getByLabel('Fejl').selectOption({ label: 'Login-tiden udløber' });
  await page.getByRole('button', { name: 'Simulér fejl' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login-tiden er udløbet, eller der har været for mange forsøg. Vent lidt og prøv igen.');
});

test('a new person by MitID accepts the terms first and then sets a password', async ({ page, expectNoA11yViolations }) => {
  const name = `Testperson${Date.now() % 100000}`;
  await page.goto('/min-konto/log-ind');
  await page.getByRole('button', { name: 'Log ind med MitID' }).click();
  await page.getByRole('radio', { name: /En anden person/ }).check();
  await page.getByLabel('Fornavn').fill('Kaj');
  await page.getByLabel('Efternavn').fill(name);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Acceptér de nyeste vilkår' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Acceptér og log ind' }).click();
  await expect(page.getByText('Du skal acceptere vilkårene.')).toBeVisible();
  await page.getByRole('checkbox', { name: /accepterer vilkårene for Min konto/ }).check();
  await page.getByRole('button', { name: 'Acceptér og log ind' }).click();

  await expect(page).toHaveURL(/\/min-konto$/);
  await expect(page.getByText(`Hej Kaj ${name}`)).toBeVisible();
  await page.goto('/min-konto/opgaver');
  await expect(page.getByText('Ingen e-mail (du logger ind med MitID)')).toBeVisible();
  await expect(page.getByText('Din konto er knyttet til dit MitID')).toBeVisible();
  await expectNoA11yViolations(page);
  // No password yet: the first one needs no current one.
  await expect(page.getByLabel('Nuværende adgangskode')).toHaveCount(0);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('min-egen-kode');
  await page.getByLabel('Gentag ny adgangskode').fill('min-egen-kode');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByText(/Din adgangskode er skiftet/)).toBeVisible();
  await expect(page.getByLabel('Nuværende adgangskode')).toBeVisible();
});

test('a login with old terms accepts the latest ones and continues', async ({ page, expectNoA11yViolations }) => {
  await page.goto('/min-konto/log-ind');
  await page.getByLabel('E-mail').fill('gamle-vilkaar@example.dk');
  await page.getByLabel('Adgangskode').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acceptér de nyeste vilkår' })).toBeFocused();
  await expect(page.getByText('Vilkår for oprettelse og brug af Min konto.')).toBeVisible();
  await page.getByRole('checkbox', { name: /accepterer vilkårene/ }).check();
  await page.getByRole('button', { name: 'Acceptér og log ind' }).click();
  await expect(page).toHaveURL(/\/min-konto$/);
  await expect(page.getByText('Hej Birthe Hansen')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('MitID logs in on 127.0.0.1 too, not only on the configured localhost (issue 16)', async ({ page, webURL }) => {
  const loopback = webURL.replace('//localhost:', '//127.0.0.1:');
  const name = `Loopback${Date.now() % 100000}`;
  await page.goto(`${loopback}/min-konto/log-ind`);
  await page.getByRole('button', { name: 'Log ind med MitID' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'MitID (simulator)' })).toBeVisible();
  await page.getByRole('radio', { name: /En anden person/ }).check();
  await page.getByLabel('Fornavn').fill('Kaj');
  await page.getByLabel('Efternavn').fill(name);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  // Back on the host it was started on, with its cookies: the login goes through to the terms.
  await expect(page.getByRole('heading', { name: 'Acceptér de nyeste vilkår' })).toBeFocused();
  expect(new URL(page.url()).host).toBe(new URL(loopback).host);
  await page.getByRole('checkbox', { name: /accepterer vilkårene for Min konto/ }).check();
  await page.getByRole('button', { name: 'Acceptér og log ind' }).click();
  await expect(page).toHaveURL(`${loopback}/min-konto`);
  await expect(page.getByText(`Hej Kaj ${name}`)).toBeVisible();
});
