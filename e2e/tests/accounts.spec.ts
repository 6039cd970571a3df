import type { Page } from '@playwright/test';
import { webURL } from '../env';
import { DEMO_PASSWORD, expect, test } from '../fixtures';
import { linkInMail } from '../mail';

// Paths below are the shop's.
test.use({ baseURL: webURL });

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.dk`;

/** An account made through the API (not yet verified), for journeys that start elsewhere. */
async function registerByApi(page: Page, email: string) {
  const { token } = (await (await page.request.get('/api/site/shopper')).json()) as { token: string };
  const res = await page.request.post('/api/auth/register', {
    headers: { 'CSRF-TOKEN': token },
    data: { firstName: 'Ole', lastName: 'Bak', email, phone: '20304050', password: 'gammel-kode-1', passwordRepeat: 'gammel-kode-1', acceptTerms: true },
  });
  expect(res.status()).toBe(201);
}

test('register in the shop, verify from the mail, log out, log in and edit the details', async ({ page, expectNoA11yViolations }) => {
  // One long journey through six screens.
  test.setTimeout(90_000);
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

  await page.goto(await linkInMail(email, '/min-konto/bekraeft-email#token='));
  await expect(page.getByRole('status')).toHaveText('Tak, Ida Holm. Din e-mail er bekræftet, og du er logget ind.');

  // Log out from My Pages.
  await page.goto('/min-konto');
  await page.getByRole('navigation', { name: 'Min konto' }).getByRole('link', { name: 'Log ud' }).click();
  await expect(page.getByRole('status')).toHaveText('Du er logget ud.');
  await expect(page.getByRole('link', { name: 'Til forsiden', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // My Pages asks to log in and comes back afterwards.
  await page.goto('/min-konto/opgaver');
  await page.getByRole('main').getByRole('link', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/min-konto\/log-ind\?retur=%2Fmin-konto%2Fopgaver$/);
  await expectNoA11yViolations(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode').fill('forkert-kode');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Login mislykkedes. Prøv igen.');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expectNoA11yViolations(page);
  await page.getByLabel('Adgangskode').fill('langkode123');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();

  await expect(page).toHaveURL(/\/min-konto\/opgaver$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mine oplysninger' })).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toHaveValue('Ida');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('E-mail')).not.toBeEditable();
  await expectNoA11yViolations(page);

  await page.getByLabel('Fornavn').fill('Ida Marie');
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
  await expect(page.getByLabel('Fornavn')).toHaveValue('Ida Marie');
  await expect(page.getByLabel('Gade og husnummer')).toHaveValue('Søndergade 12');
  await expect(page.getByLabel('Postnummer')).toHaveValue('8000');
  await expect(page.getByLabel('By')).toHaveValue('Aarhus C');

  // Change the password: the old one stops working.
  await page.getByLabel('Nuværende adgangskode').fill('langkode123');
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('nyere-kode-456');
  await page.getByLabel('Gentag ny adgangskode').fill('nyere-kode-456');
  await page.getByRole('button', { name: 'Skift adgangskode' }).click();
  await expect(page.getByText(/Din adgangskode er skiftet/)).toBeVisible();
  const { token } = (await (await page.request.get('/api/site/shopper')).json()) as { token: string };
  const old = await page.request.post('/api/auth/login', { headers: { 'CSRF-TOKEN': token }, data: { email, password: 'langkode123' } });
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

test('log in with MitID through the simulator', async ({ page, expectNoA11yViolations }) => {
  await page.goto('/min-konto/log-ind?retur=%2Fmin-konto%2Fopgaver');
  await page.getByRole('button', { name: 'Log ind med MitID' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'MitID (simulator)' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: /Mette Jensen/ }).check();
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();

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
