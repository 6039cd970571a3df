import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const CAMERA_NEEDED = 'Vi skal have adgang til dit kamera for at du kan prøve brillerne på. Giv adgang i browserens indstillinger, og prøv igen.';

/** Opens the first glasses frame that offers a camera try-on (hasVTO) and returns its name. */
async function openFrameProduct(page: Page, webURL: string): Promise<string> {
  const list = (await (await page.request.get(`${webURL}/api/catalogue/articles?route=/briller&limit=100`)).json()) as { data: { slug: string; hasVTO: boolean }[] };
  const frame = list.data.find((a) => a.hasVTO);
  expect(frame).toBeDefined();
  await page.goto(`${webURL}/produkt/${frame!.slug}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  return (await heading.textContent()) ?? '';
}

/** Every image inside `scope` has loaded (the API drew the part). */
const allLoaded = (page: Page, selector: string) => page.locator(selector).evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

test.describe('frame 3D view and camera try-on (SPEC §1)', () => {
  test('turns a frame in 3D by keyboard, then tries it on with the camera and saves a picture', async ({ page, context, webURL, expectNoA11yViolations }) => {
    await context.grantPermissions(['camera'], { origin: webURL });
    // Keep the streams the page gets, to check that closing the dialog stops the camera.
    await page.addInitScript(() => {
      const streams: MediaStream[] = [];
      (window as unknown as { __streams: MediaStream[] }).__streams = streams;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        streams.push(stream);
        return stream;
      };
    });
    await openFrameProduct(page, webURL);

    // 3D view: a toggle next to the gallery, then the scene is a slider worked by keyboard.
    const toggle = page.getByRole('button', { name: 'Se i 3D' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Billeder af produktet' })).toHaveCount(0);
    const slider = page.getByRole('slider', { name: 'Drej brillerne i 3D' });
    await expect(slider).toHaveAttribute('aria-valuetext', 'Set forfra');
    await expect.poll(() => allLoaded(page, '.frame3d-scene img')).toBe(true);
    const object = slider.locator('.frame3d-object');
    const frontTransform = await object.evaluate((el) => getComputedStyle(el).transform);
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '45');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Drejet 45° til højre');
    await expect.poll(() => object.evaluate((el) => getComputedStyle(el).transform)).not.toBe(frontTransform);
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Drejet 30° til højre');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.getByRole('button', { name: 'Fra siden' }).click();
    await expect(slider).toHaveAttribute('aria-valuenow', '90');
    await expectNoA11yViolations(page);

    // Try-on with Chromium's fake camera.
    const open = page.getByRole('button', { name: 'Prøv brillerne på' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Prøv brillerne på' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Billedet bliver på din enhed og sendes ikke til os.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Luk' })).toBeFocused();
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await expect.poll(() => allLoaded(page, '.try-on-overlay')).toBe(true);
    await dialog.getByRole('slider', { name: 'Størrelse' }).fill('70');
    await expect(dialog.locator('.try-on-overlay')).toHaveAttribute('style', /width: 70%/);
    for (const name of ['Vandret placering', 'Lodret placering', 'Hældning']) await expect(dialog.getByRole('slider', { name })).toBeVisible();
    await expectNoA11yViolations(page);

    await dialog.getByRole('button', { name: 'Tag billede' }).click();
    const save = dialog.getByRole('link', { name: 'Gem billedet' });
    await expect(save).toHaveAttribute('href', /^blob:/);
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toMatch(/^proev-brillerne-.+\.png$/);
    const png = await readFile(await download.path());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    const trackStates = await page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks().map((t) => t.readyState)));
    expect(trackStates.length).toBeGreaterThan(0);
    expect(new Set(trackStates)).toEqual(new Set(['ended']));
  });

  test('a refused camera shows the SPEC §8 message with a retry', async ({ page, webURL, expectNoA11yViolations }) => {
    await page.addInitScript(() => {
      let asked = 0;
      (window as unknown as { __asked: () => number }).__asked = () => asked;
      navigator.mediaDevices.getUserMedia = async () => {
        asked += 1;
        throw new DOMException('Permission denied', 'NotAllowedError');
      };
    });
    await openFrameProduct(page, webURL);
    await page.getByRole('button', { name: 'Prøv brillerne på' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prøv brillerne på' });
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(`${CAMERA_NEEDED}Prøv igen`);
    await expect(dialog.locator('video')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await alert.getByRole('button', { name: 'Prøv igen' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __asked: () => number }).__asked())).toBe(2);
    await expect(alert).toContainText(CAMERA_NEEDED);
    await dialog.getByRole('button', { name: 'Luk' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
