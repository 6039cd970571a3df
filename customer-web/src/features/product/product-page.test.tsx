import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, prescriptionMessages, type Article, type CartHead } from '@optik/shared';
import { ProductPage } from './product-page';
import { CART_UPDATED_EVENT } from './purchase-form';
import { added, cartLine, failure, fakeApi, found, glasses, lenses, pricePart, sunglasses } from './test-data';

afterEach(() => {
  cleanup();
  document.title = '';
});

type FakeApi = ReturnType<typeof fakeApi>;

/** The page inside a memory router, as the shop renders it (the not-found content links home with the router). */
function renderPage(api: FakeApi, opts: { initialSkuId?: string; recommendations?: (id: string) => React.ReactNode } = {}) {
  const rootRoute = createRootRoute({
    component: () => <ProductPage api={api} slug="the-slug" initialSkuId={opts.initialSkuId} recommendations={opts.recommendations} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/produkt/the-slug'] }) });
  render(<RouterProvider router={router} />);
}

async function ready(api: FakeApi, name = 'Ray-Ban Aviator', opts: Parameters<typeof renderPage>[1] = {}) {
  renderPage(api, opts);
  await screen.findByRole('heading', { level: 1, name });
  // The user look-up decides store mode; wait for it so later assertions see the settled page.
  await waitFor(() => expect(api.getUser).toHaveBeenCalled());
}

const priceLine = () => document.querySelector('.product-price-line')?.textContent;
/** The alert region is always there (so it is announced when filled); wait for its text. */
const expectAlert = (text: string | RegExp) =>
  waitFor(() => {
    const content = screen.getByRole('alert').textContent ?? '';
    if (typeof text === 'string') expect(content).toBe(text);
    else expect(content).toMatch(text);
  });
const addButton = () => screen.getByRole('button', { name: 'Læg i kurv' });
const select = (label: string, value: string, scope: HTMLElement = document.body) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const eye = (name: 'Højre øje (H)' | 'Venstre øje (V)') => screen.getByRole('group', { name });
/** The prescription inputs load when first needed (a lens product, or "Med styrke" ticked); wait for them. */
const prescriptionFields = () => screen.findByRole('group', { name: 'Højre øje (H)' });

describe('ProductPage', () => {
  it('shows the article: one h1, brand, flags, badges, gallery with srcset, specification and the page title', async () => {
    const api = fakeApi({ article: found(sunglasses()) });
    await ready(api, 'Ray-Ban Aviator', { recommendations: (id) => <p>Anbefalinger til {id}</p> });
    expect(api.getArticle).toHaveBeenCalledWith('the-slug');
    expect(document.title).toBe('Ray-Ban Aviator – Profil Optik');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Ray-Ban', { selector: '.product-brand-line' })).toBeDefined();
    expect(within(screen.getByRole('list', { name: 'Mærkater' })).getByText('Nyhed').className).toContain('flag-blue');
    expect(screen.getByText('Hurtig levering')).toBeDefined();
    expect(screen.getByText('30 dages fortrydelsesret')).toBeDefined();

    const gallery = screen.getByRole('region', { name: 'Billeder af produktet' });
    const main = within(gallery).getByRole('img', { name: 'Ray-Ban Aviator set forfra' });
    expect(main.getAttribute('srcset')).toBe(
      '/media/articles/a-00001/0/xs.svg 75w, /media/articles/a-00001/0/sm.svg 145w, /media/articles/a-00001/0/md.svg 285w, /media/articles/a-00001/0/lg.svg 570w, /media/articles/a-00001/0/xl.svg 1180w',
    );
    expect(main.getAttribute('sizes')).toContain('768px');
    const first = within(gallery).getByRole('button', { name: /^Vis billede 1 af 2/ });
    const second = within(gallery).getByRole('button', { name: 'Vis billede 2 af 2: Ray-Ban Aviator, set fra siden' });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(within(gallery).getByRole('img', { name: 'Ray-Ban Aviator, set fra siden' }).getAttribute('srcset')).toContain('/1/xl.svg 1180w');

    const spec = screen.getByRole('table');
    expect(within(spec).getByRole('rowheader', { name: 'Vægt' }).nextElementSibling?.textContent).toBe('31 g');
    expect(within(spec).getByRole('rowheader', { name: 'Stanglængde' }).nextElementSibling?.textContent).toBe('140 mm');
    expect(within(spec).getByRole('rowheader', { name: 'Glashøjde' }).nextElementSibling?.textContent).toBe('48,5 mm');
    expect(within(spec).getByRole('rowheader', { name: 'Glasbredde' }).nextElementSibling?.textContent).toBe('55 mm');
    expect(within(spec).getByRole('rowheader', { name: 'Glastype' }).nextElementSibling?.textContent).toBe('Polariserede glas');
    expect(screen.getByText('Anbefalinger til a-00001')).toBeDefined();
  });

  it('shows the not-found page content for an unknown product', async () => {
    const api = fakeApi({ article: failure(404, 'not_found', 'Produktet blev ikke fundet.') });
    renderPage(api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Siden blev ikke fundet' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toBeDefined();
  });

  it('offers a retry when the article cannot be loaded', async () => {
    const api = fakeApi({ article: failure(500, 'internal', 'Noget gik galt. Prøv igen.') });
    renderPage(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(api.getArticle).toHaveBeenCalledTimes(2));
  });

  it('offers the 3D view for frames and the camera try-on for frames that have it (SPEC §1, hasVTO)', async () => {
    await ready(fakeApi({ article: found({ ...glasses(), hasVTO: false }) }), 'Lindberg Strip');
    expect(screen.getByRole('button', { name: 'Se i 3D' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Prøv brillerne på' })).toBeNull();
    cleanup();

    for (const [article, name] of [[sunglasses(), 'Ray-Ban Aviator'], [glasses(), 'Lindberg Strip']] as const) {
      await ready(fakeApi({ article: found(article) }), name);
      const toggle = screen.getByRole('button', { name: 'Se i 3D' });
      const pressed = () => toggle.getAttribute('aria-pressed');
      expect(pressed()).toBe('false');
      expect(screen.getByRole('button', { name: 'Prøv brillerne på' })).toBeDefined();
      // The gallery is the default; the toggle swaps it for the 3D scene of this article.
      expect(screen.getByRole('region', { name: 'Billeder af produktet' })).toBeDefined();
      fireEvent.click(toggle);
      expect(pressed()).toBe('true');
      expect(screen.queryByRole('region', { name: 'Billeder af produktet' })).toBeNull();
      const scene = await screen.findByRole('slider', { name: 'Drej brillerne i 3D' });
      expect([...scene.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
        `/media/articles/${article.id}/parts/front.svg`,
        `/media/articles/${article.id}/parts/temple.svg`,
        `/media/articles/${article.id}/parts/temple.svg`,
      ]);
      fireEvent.click(toggle);
      expect(screen.getByRole('region', { name: 'Billeder af produktet' })).toBeDefined();
      cleanup();
    }

    await ready(fakeApi({ article: found(lenses()) }), 'Acuvue Oasys 1-Day');
    expect(screen.getByRole('region', { name: 'Billeder af produktet' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Se i 3D' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Prøv brillerne på' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  describe('price by publicationStatus (SPEC §4)', () => {
    const withStatus = (publicationStatus: number, over: Partial<Article> = {}) =>
      sunglasses({ price: { unit: pricePart({ publicationStatus, amount: 99_900, ordinaryPrice: 99_900 }), subscription: null }, ...over });

    it('20: in stock, price shown and can be bought', async () => {
      await ready(fakeApi({ article: found(withStatus(20)) }));
      expect(priceLine()).toBe(formatDkk(99_900));
      expect(screen.getByText('På lager')).toBeDefined();
      expect(addButton()).toBeDefined();
    });

    it('30: temporarily sold out, no add button', async () => {
      await ready(fakeApi({ article: found(withStatus(30)) }));
      expect(priceLine()).toBe(formatDkk(99_900));
      expect(screen.getByText('Produktet er midlertidigt udsolgt.')).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Læg i kurv' })).toBeNull();
    });

    it.each([0, 40])('%i: store item, only in store for online shoppers', async (status) => {
      await ready(fakeApi({ article: found(withStatus(status, { category: 'oejenpleje', dto: true })) }));
      expect(screen.getByText('Kan kun købes i butikken')).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Læg i kurv' })).toBeNull();
    });

    it('40 in store mode: staff can add it to the cart', async () => {
      const api = fakeApi({ article: found(withStatus(40, { dto: false })), isStore: true });
      renderPage(api);
      expect(await screen.findByRole('button', { name: 'Læg i kurv' })).toBeDefined();
      expect(screen.getByText('Kan kun købes i butikken')).toBeDefined();
      expect(screen.queryByText('Stellet kan ikke købes online.')).toBeNull();
    });

    it('another status shows no price and no purchase', async () => {
      await ready(fakeApi({ article: found(withStatus(10)) }));
      expect(priceLine()).toBeUndefined();
      expect(screen.queryByText('På lager')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Læg i kurv' })).toBeNull();
    });

    it('store mode switches to the subscription price when it is published', async () => {
      const article = lenses({ price: { unit: pricePart({ amount: 24_900, ordinaryPrice: 24_900 }), subscription: pricePart({ amount: 19_900, ordinaryPrice: 19_900 }) } });
      renderPage(fakeApi({ article: found(article), isStore: true }));
      expect(await screen.findByText('Abonnementspris')).toBeDefined();
      expect(screen.getByText('Abonnementspris').parentElement?.textContent).toContain(formatDkk(19_900));
    });
  });

  it('shows a campaign price with the ordinary price struck through', async () => {
    const article = sunglasses({ price: { unit: pricePart({ isCampaign: true, amount: 89_900, ordinaryPrice: 129_900 }), subscription: null } });
    await ready(fakeApi({ article: found(article) }));
    const line = document.querySelector('.product-price-line')!;
    expect(priceLine()).toBe(`Nu ${formatDkk(89_900)} Før ${formatDkk(129_900)}`);
    expect(line.querySelector('s')?.textContent).toBe(formatDkk(129_900));
  });

  it('tells that a frame not sold online needs a store visit, with a link to book an eye exam', async () => {
    await ready(fakeApi({ article: found(glasses({ dto: false, price: { unit: pricePart({ publicationStatus: 40 }), subscription: null } })) }), 'Lindberg Strip');
    expect(screen.getByText('Stellet kan ikke købes online.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Book en synstest i en af vores butikker' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
    expect(screen.queryByRole('button', { name: 'Læg i kurv' })).toBeNull();
  });

  describe('variants', () => {
    it('disables sold-out skus and adds the chosen one', async () => {
      const api = fakeApi({ article: found(sunglasses()) });
      await ready(api);
      const variants = screen.getByRole('group', { name: 'Variant' });
      const radios = within(variants).getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((r) => [r.checked, r.disabled])).toEqual([
        [true, false],
        [false, false],
        [false, true],
      ]);
      expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['guld – 55-14-140', 'guld – 58-14-140', 'guld – 62-14-145 (udsolgt)']);
      fireEvent.click(within(variants).getByRole('radio', { name: 'guld – 58-14-140' }));
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      expect(api.cartUpdate).toHaveBeenCalledWith({ skuId: 'a-00001-2', quantity: 1, noCheckoutInfo: false });
    });

    it('preselects the variant the link asks for', async () => {
      await ready(fakeApi({ article: found(sunglasses()) }), 'Ray-Ban Aviator', { initialSkuId: 'a-00001-2' });
      expect((screen.getByRole('radio', { name: 'guld – 58-14-140' }) as HTMLInputElement).checked).toBe(true);
    });
  });

  describe('contact lenses', () => {
    it('buys by subscription every 3 months with the interval and the prescription', async () => {
      const api = fakeApi({ article: found(lenses()) });
      await ready(api, 'Acuvue Oasys 1-Day');
      await prescriptionFields();
      expect(screen.getByText('Acuvue Oasys 1-Day (30 stk.)', { selector: '.product-package' })).toBeDefined();
      const subscription = screen.getByRole('radio', { name: `Abonnement – ${formatDkk(21_900)} pr. levering` });
      expect(screen.getByRole('radio', { name: `Enkeltkøb – ${formatDkk(24_900)}` })).toBeDefined();
      expect(screen.queryByLabelText('Levering')).toBeNull();
      fireEvent.click(subscription);
      const interval = screen.getByLabelText('Levering') as HTMLSelectElement;
      expect([...interval.options].map((o) => o.textContent)).toEqual(['Hver måned', 'Hver 2. måned', 'Hver 3. måned', 'Hver 6. måned']);
      select('Levering', 'm3');
      // Only the powers of the article's lensParameters are offered.
      const power = within(eye('Højre øje (H)')).getByLabelText('Styrke') as HTMLSelectElement;
      expect([...power.options].map((o) => o.textContent)).toEqual(['Vælg', '-1,25', '-1,00', '-0,75', '+0,50', '+1,00']);
      select('Styrke', '-1.25', eye('Højre øje (H)'));
      // One base curve and one diameter: filled in with the power.
      expect((within(eye('Højre øje (H)')).getByLabelText('Basekurve') as HTMLSelectElement).value).toBe('8.5');
      select('Antal æsker pr. øje', '2');
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      expect(api.cartUpdate).toHaveBeenCalledWith({
        skuId: 'a-00003-1',
        quantity: 2,
        noCheckoutInfo: false,
        subscriptionInterval: 'm3',
        prescription: { power: -1.25, baseCurve: 8.5, diameter: 14.2, cylinder: null, axis: null, addition: null },
        eye: 'right',
      });
    });

    it('says at once that a subscription needs an account, with "Log ind" and "Opret konto" that come back here (issue 16)', async () => {
      const api = fakeApi({ article: found(lenses()) });
      await ready(api, 'Acuvue Oasys 1-Day');
      expect(screen.queryByText(/Linseabonnement kræver en konto/)).toBeNull();
      fireEvent.click(screen.getByRole('radio', { name: /^Abonnement/ }));
      expect(await screen.findByText(/Linseabonnement kræver en konto/)).toBeDefined();
      const back = encodeURIComponent(`${window.location.pathname}${window.location.search}`);
      expect(screen.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe(`/min-konto/log-ind?retur=${back}`);
      expect(screen.getByRole('link', { name: 'Opret konto' }).getAttribute('href')).toBe(`/min-konto/registrere?retur=${back}`);
      expect(screen.getByText(/sender vi et link til din e-mail/)).toBeDefined();
    });

    it('needs a power for at least one eye; one eye is enough', async () => {
      const api = fakeApi({ article: found(lenses()) });
      await ready(api, 'Acuvue Oasys 1-Day');
      await prescriptionFields();
      fireEvent.click(addButton());
      await expectAlert('Ret fejlene, og prøv igen.');
      expect(within(eye('Højre øje (H)')).getByText(prescriptionMessages.oneEye)).toBeDefined();
      expect(within(eye('Højre øje (H)')).getByLabelText('Styrke').getAttribute('aria-invalid')).toBe('true');
      expect(api.cartUpdate).not.toHaveBeenCalled();

      select('Styrke', '1', eye('Venstre øje (V)'));
      expect(screen.queryByText(prescriptionMessages.oneEye)).toBeNull();
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      expect(api.cartUpdate).toHaveBeenCalledWith(
        expect.objectContaining({ prescription: { power: 1, baseCurve: 8.5, diameter: 14.2, cylinder: null, axis: null, addition: null } }),
      );
      expect(api.cartUpdate.mock.calls[0]![0]).not.toHaveProperty('subscriptionInterval');
    });

    it('asks for an axis with a cylinder on a toric lens', async () => {
      const toric = lenses({ lensParameters: { powers: [-1, -0.75], baseCurves: [8.6], diameters: [14.5], cylinders: [-0.75, -1.25], axes: [10, 20, 180] } });
      const api = fakeApi({ article: found(toric) });
      await ready(api, 'Acuvue Oasys 1-Day');
      await prescriptionFields();
      select('Styrke', '-1', eye('Højre øje (H)'));
      select('Cylinder', '-0.75', eye('Højre øje (H)'));
      fireEvent.click(addButton());
      expect(await within(eye('Højre øje (H)')).findByText(prescriptionMessages.axisRequired)).toBeDefined();
      expect(api.cartUpdate).not.toHaveBeenCalled();
      select('Akse', '180', eye('Højre øje (H)'));
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      expect(api.cartUpdate).toHaveBeenCalledWith(expect.objectContaining({ prescription: { power: -1, baseCurve: 8.6, diameter: 14.5, cylinder: -0.75, axis: 180, addition: null } }));
    });

    it('puts two different eyes in the cart as a line each, and two equal eyes as one line with boxes for both', async () => {
      const api = fakeApi({ article: found(lenses()) });
      await ready(api, 'Acuvue Oasys 1-Day');
      await prescriptionFields();
      select('Styrke', '-1.25', eye('Højre øje (H)'));
      select('Styrke', '-1', eye('Venstre øje (V)'));
      select('Antal æsker pr. øje', '2');
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      // Each line says which eye it is for (issue 16).
      expect(api.cartUpdate.mock.calls.map(([b]) => [b.prescription?.power, b.quantity, b.eye])).toEqual([
        [-1.25, 2, 'right'],
        [-1, 2, 'left'],
      ]);
      select('Styrke', '-1.25', eye('Venstre øje (V)'));
      select('Antal æsker pr. øje', '1');
      fireEvent.click(addButton());
      await waitFor(() => expect(api.cartUpdate).toHaveBeenCalledTimes(3));
      expect(api.cartUpdate.mock.calls[2]![0]).toMatchObject({ quantity: 2, prescription: { power: -1.25 }, eye: 'both' });
    });
  });

  describe('glasses with prescription', () => {
    async function openPrescription(api: FakeApi) {
      await ready(api, 'Lindberg Strip');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Vælg, hvis du vil have glas med din styrke.' }));
      await prescriptionFields();
    }
    function fill(side: 'Højre øje (H)' | 'Venstre øje (V)', v: { sphere?: string; cylinder?: string; axis?: string; add?: string; pd?: string }) {
      const scope = eye(side);
      if (v.sphere !== undefined) type(scope, 'Sfære', v.sphere);
      if (v.cylinder !== undefined) type(scope, 'Cylinder', v.cylinder);
      if (v.axis !== undefined) type(scope, 'Akse', v.axis);
      if (v.add !== undefined) type(scope, 'Addition', v.add);
      if (v.pd !== undefined) type(scope, 'PD (mm)', v.pd);
    }

    it('shows the SPEC §5 errors: sphere and PD required, confirmation, sphere + addition, not a number', async () => {
      const api = fakeApi({ article: found(glasses()) });
      await openPrescription(api);
      fireEvent.click(addButton());
      await screen.findByText('Ret fejlene, og prøv igen.');
      expect(within(eye('Højre øje (H)')).getAllByText(prescriptionMessages.required)).toHaveLength(2);
      expect(within(eye('Venstre øje (V)')).getAllByText(prescriptionMessages.required)).toHaveLength(2);
      expect(screen.getByText(prescriptionMessages.notConfirmed)).toBeDefined();
      expect(screen.getByRole('checkbox', { name: 'Jeg bekræfter, at min recept ikke er ældre end et år' }).getAttribute('aria-invalid')).toBe('true');

      fill('Højre øje (H)', { sphere: '+3,00', add: '1,50', pd: '31,5' });
      fill('Venstre øje (V)', { sphere: 'abc', pd: '32' });
      expect(within(eye('Højre øje (H)')).getByText(prescriptionMessages.sumTooHigh)).toBeDefined();
      expect(within(eye('Venstre øje (V)')).getByText('Skriv et tal, fx -1,25.')).toBeDefined();
      expect(api.cartUpdate).not.toHaveBeenCalled();
    });

    it('shows the reading-glasses and premium-glass warnings as notes and sends the prescription', async () => {
      const api = fakeApi({ article: found(glasses()) });
      await openPrescription(api);
      fill('Højre øje (H)', { sphere: '-4,50', cylinder: '-0,75', axis: '90', pd: '31,5' });
      fill('Venstre øje (V)', { sphere: '+1,00', add: '2,00', pd: '32' });
      expect(screen.getByText(prescriptionMessages.readingGlasses)).toBeDefined();
      expect(screen.getByText(prescriptionMessages.premiumGlass)).toBeDefined();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Jeg bekræfter, at min recept ikke er ældre end et år' }));
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      expect(api.cartUpdate).toHaveBeenCalledWith({
        skuId: 'a-00002-1',
        quantity: 1,
        noCheckoutInfo: false,
        prescriptionGlasses: {
          rightSphere: -4.5,
          rightCylinder: -0.75,
          rightAxis: 90,
          rightAddition: null,
          rightPupillaryDistance: 31.5,
          leftSphere: 1,
          leftCylinder: null,
          leftAxis: null,
          leftAddition: 2,
          leftPupillaryDistance: 32,
        },
      });
    });

    it('says the inputs are loading for the moment they load; a submit meanwhile waits for the rules and checks as always', async () => {
      const api = fakeApi({ article: found(glasses()) });
      await ready(api, 'Lindberg Strip');
      const withPrescription = screen.getByRole('checkbox', { name: 'Vælg, hvis du vil have glas med din styrke.' });
      fireEvent.click(withPrescription);
      expect(screen.getByText('Henter felterne til din styrke …').getAttribute('role')).toBe('status');
      fireEvent.click(addButton());
      await expectAlert('Ret fejlene, og prøv igen.');
      expect(within(eye('Højre øje (H)')).getAllByText(prescriptionMessages.required)).toHaveLength(2);
      expect(screen.queryByText('Henter felterne til din styrke …')).toBeNull();
      expect(api.cartUpdate).not.toHaveBeenCalled();

      // What is typed stays with the form when the box is unticked and ticked again.
      fill('Højre øje (H)', { sphere: '-1,25' });
      fireEvent.click(withPrescription);
      expect(screen.queryByRole('group', { name: 'Højre øje (H)' })).toBeNull();
      fireEvent.click(withPrescription);
      expect((within(await prescriptionFields()).getByLabelText('Sfære') as HTMLInputElement).value).toBe('-1,25');
    });

    it('is offered on sunglasses only when they take a prescription', async () => {
      await ready(fakeApi({ article: found(sunglasses({ attributes: { prescriptionCapable: true } })) }));
      expect(screen.getByRole('group', { name: 'Med styrke' })).toBeDefined();
      cleanup();
      await ready(fakeApi({ article: found(sunglasses()) }));
      expect(screen.queryByRole('group', { name: 'Med styrke' })).toBeNull();
    });
  });

  describe('adding to the cart', () => {
    it('confirms in a status and tells the cart through the agreed event', async () => {
      const api = fakeApi({ article: found(sunglasses()) });
      const heads: CartHead[] = [];
      const listener = (e: Event) => heads.push((e as CustomEvent<CartHead>).detail);
      window.addEventListener(CART_UPDATED_EVENT, listener);
      try {
        await ready(api);
        expect(screen.getByRole('status').textContent).toBe('');
        fireEvent.click(addButton());
        await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Lagt i kurven'));
        expect(heads).toHaveLength(1);
        expect(heads[0]!.cart.items[0]!.skuId).toBe('a-00001-1');
      } finally {
        window.removeEventListener(CART_UPDATED_EVENT, listener);
      }
    });

    it('shows the API message on 422 and keeps what was entered', async () => {
      const api = fakeApi({ article: found(sunglasses()), cart: [failure(422, 'unprocessable', 'Produktet er midlertidigt udsolgt.'), added()] });
      const onEvent = vi.fn();
      window.addEventListener(CART_UPDATED_EVENT, onEvent);
      try {
        await ready(api);
        fireEvent.click(screen.getByRole('radio', { name: 'guld – 58-14-140' }));
        select('Antal', '3');
        fireEvent.click(addButton());
        await expectAlert('Produktet er midlertidigt udsolgt.');
        expect(onEvent).not.toHaveBeenCalled();
        expect(screen.getByRole('status').textContent).toBe('');
        expect((screen.getByRole('radio', { name: 'guld – 58-14-140' }) as HTMLInputElement).checked).toBe(true);
        expect((screen.getByLabelText('Antal') as HTMLSelectElement).value).toBe('3');
        fireEvent.click(addButton());
        await screen.findByText('Lagt i kurven');
        expect(api.cartUpdate).toHaveBeenLastCalledWith({ skuId: 'a-00001-2', quantity: 3, noCheckoutInfo: false });
        expect(onEvent).toHaveBeenCalledTimes(1);
      } finally {
        window.removeEventListener(CART_UPDATED_EVENT, onEvent);
      }
    });

    it('lists the field messages of a 400', async () => {
      const api = fakeApi({ article: found(sunglasses()), cart: [failure(400, 'validation_failed', 'Ret fejlene, og prøv igen.', { skuId: 'Varianten findes ikke.' })] });
      await ready(api);
      fireEvent.click(addButton());
      await expectAlert('Ret fejlene, og prøv igen.Varianten findes ikke.');
      expect(within(screen.getByRole('alert')).getByRole('listitem').textContent).toBe('Varianten findes ikke.');
    });

    it('adds to a line already in the cart, up to 12 (SPEC §9)', async () => {
      const api = fakeApi({ article: found(sunglasses()), cartItems: [cartLine({ quantity: 2 })] });
      await ready(api);
      select('Antal', '3');
      fireEvent.click(addButton());
      await screen.findByText('Lagt i kurven');
      expect(api.cartUpdate).toHaveBeenCalledWith({ skuId: 'a-00001-1', quantity: 5, noCheckoutInfo: false });

      cleanup();
      const full = fakeApi({ article: found(sunglasses()), cartItems: [cartLine({ quantity: 11 })] });
      await ready(full);
      select('Antal', '2');
      fireEvent.click(addButton());
      await expectAlert('Du kan højst købe 12 stk. pr. linje.');
      expect(full.cartUpdate).not.toHaveBeenCalled();
    });

    it('offers quantities 1 to 12', async () => {
      await ready(fakeApi({ article: found(sunglasses()) }));
      const options = [...(screen.getByLabelText('Antal') as HTMLSelectElement).options].map((o) => o.value);
      expect(options).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    });
  });
});
