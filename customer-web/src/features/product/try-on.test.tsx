import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { TryOn } from './try-on';

const CAMERA_NEEDED = 'Vi skal have adgang til dit kamera for at du kan prøve brillerne på. Giv adgang i browserens indstillinger, og prøv igen.';

function fakeStream() {
  const track = { stop: vi.fn(), kind: 'video' };
  return { track, stream: { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream };
}

function mockCamera(getUserMedia: ((c: MediaStreamConstraints) => Promise<MediaStream>) | undefined) {
  const fn = getUserMedia ? vi.fn(getUserMedia) : undefined;
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: fn ? { getUserMedia: fn } : undefined });
  return fn;
}

async function openDialog() {
  render(
    <main>
      <TryOn articleId="a-00001" />
    </main>,
  );
  const button = screen.getByRole('button', { name: 'Prøv brillerne på' });
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Prøv brillerne på' });
  // The dialog's code loads on first use; focus moves into it in an effect after it is shown.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { button, dialog };
}

const video = (dialog: HTMLElement) => dialog.querySelector('video')!;
/** The frame is laid over the video once the camera answers. */
const findOverlay = (dialog: HTMLElement) =>
  waitFor(() => {
    const img = dialog.querySelector<HTMLImageElement>('img.try-on-overlay');
    if (!img) throw new Error('no frame over the video yet');
    return img;
  });

beforeEach(() => {
  document.body.style.overflow = '';
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

describe('TryOn', () => {
  it('opens a modal dialog that asks for the front camera and shows the mirrored video with the frame on it', async () => {
    const { stream } = fakeStream();
    const getUserMedia = mockCamera(async () => stream);
    const { dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog).getByText('Billedet bliver på din enhed og sendes ikke til os.')).toBeDefined();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' } });

    const overlay = await findOverlay(dialog);
    expect(video(dialog).srcObject).toBe(stream);
    expect(video(dialog).getAttribute('aria-label')).toBe('Dit kamerabillede med brillerne');
    expect(video(dialog).className).toBe('try-on-video');
    expect(overlay.getAttribute('src')).toBe('/media/articles/a-00001/parts/front.svg');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    // Four labelled sliders place the frame; the overlay follows them.
    const size = within(dialog).getByRole('slider', { name: 'Størrelse' });
    fireEvent.change(size, { target: { value: '70' } });
    expect(overlay.style.width).toBe('70%');
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Vandret placering' }), { target: { value: '30' } });
    expect(overlay.style.left).toBe('30%');
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Lodret placering' }), { target: { value: '60' } });
    expect(overlay.style.top).toBe('60%');
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Hældning' }), { target: { value: '-10' } });
    expect(overlay.style.transform).toContain('rotate(-10deg)');
  });

  it('moves the frame by dragging it', async () => {
    mockCamera(async () => fakeStream().stream);
    const { dialog } = await openDialog();
    const overlay = await findOverlay(dialog);
    const stage = dialog.querySelector<HTMLElement>('.try-on-stage')!;
    vi.spyOn(stage, 'getBoundingClientRect').mockReturnValue({ width: 400, height: 300, left: 0, top: 0, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(overlay, { pointerId: 3, button: 0, clientX: 200, clientY: 126 });
    fireEvent.pointerMove(overlay, { pointerId: 3, clientX: 240, clientY: 156 });
    fireEvent.pointerUp(overlay, { pointerId: 3 });
    expect(overlay.style.left).toBe('60%');
    expect(overlay.style.top).toBe('52%');
    expect((within(dialog).getByRole('slider', { name: 'Vandret placering' }) as HTMLInputElement).value).toBe('60');
  });

  it('stops every camera track when closed by the button or Escape, and gives focus back', async () => {
    const first = fakeStream();
    mockCamera(async () => first.stream);
    const { button, dialog } = await openDialog();
    await waitFor(() => expect(video(dialog).srcObject).toBe(first.stream));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Luk' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first.track.stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    expect(document.body.style.overflow).toBe('');

    const second = fakeStream();
    mockCamera(async () => second.stream);
    fireEvent.click(button);
    const again = screen.getByRole('dialog');
    await waitFor(() => expect(video(again).srcObject).toBe(second.stream));
    fireEvent.keyDown(within(again).getByRole('slider', { name: 'Størrelse' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second.track.stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it('stops the tracks on unmount, and those of a camera that answers after the dialog closed', async () => {
    const open = fakeStream();
    mockCamera(async () => open.stream);
    const { dialog } = await openDialog();
    await waitFor(() => expect(video(dialog).srcObject).toBe(open.stream));
    cleanup();
    expect(open.track.stop).toHaveBeenCalled();

    const late = fakeStream();
    let answer: (s: MediaStream) => void = () => {};
    mockCamera(() => new Promise<MediaStream>((resolve) => (answer = resolve)));
    const { dialog: d2 } = await openDialog();
    expect(within(d2).getByRole('status').textContent).toBe('Starter kameraet …');
    fireEvent.click(within(d2).getByRole('button', { name: 'Luk' }));
    await act(async () => answer(late.stream));
    expect(late.track.stop).toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog', async () => {
    mockCamera(async () => fakeStream().stream);
    const { dialog } = await openDialog();
    await waitFor(() => within(dialog).getByRole('button', { name: 'Tag billede' }));
    const close = within(dialog).getByRole('button', { name: 'Luk' });
    expect(document.activeElement).toBe(close);
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    const last = within(dialog).getByRole('button', { name: 'Tag billede' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it.each([
    ['refused', () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))],
    ['missing', () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))],
  ])('shows the SPEC §8 message when the camera is %s, and tries again on request', async (_case, fail) => {
    const getUserMedia = mockCamera(fail)!;
    const { dialog } = await openDialog();
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(CAMERA_NEEDED)).toBeDefined();
    expect(dialog.querySelector('video')).toBeNull();

    const { stream } = fakeStream();
    getUserMedia.mockImplementation(async () => stream);
    fireEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(video(dialog).srcObject).toBe(stream));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows the message at once where the browser has no camera API (old browser, insecure page)', async () => {
    mockCamera(undefined);
    const { dialog } = await openDialog();
    expect(within(within(dialog).getByRole('alert')).getByText(CAMERA_NEEDED)).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Prøv igen' })).toBeDefined();
  });

  it('takes a picture of the mirrored video with the frame and offers it as a download', async () => {
    mockCamera(async () => fakeStream().stream);
    const ctx = { save: vi.fn(), restore: vi.fn(), translate: vi.fn(), scale: vi.fn(), rotate: vi.fn(), drawImage: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb) => cb(new Blob(['png'], { type: 'image/png' })));
    const createObjectURL = vi.fn(() => 'blob:http://localhost/photo-1');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    const { dialog } = await openDialog();
    const overlay = await findOverlay(dialog);
    const v = video(dialog);
    Object.defineProperties(v, { videoWidth: { value: 640 }, videoHeight: { value: 480 } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tag billede' }));

    const save = within(dialog).getByRole('link', { name: 'Gem billedet' });
    expect(save.getAttribute('href')).toBe('blob:http://localhost/photo-1');
    expect(save.getAttribute('download')).toBe('proev-brillerne-a-00001.png');
    expect(within(dialog).getByText('Billedet er taget.')).toBeDefined();
    // The video is drawn mirrored, then the frame at the chosen place (centre 50 % / 42 %, 55 % wide).
    expect(ctx.scale).toHaveBeenCalledWith(-1, 1);
    expect(ctx.drawImage).toHaveBeenNthCalledWith(1, v, 0, 0, 640, 480);
    expect(ctx.translate).toHaveBeenLastCalledWith(320, 201.6);
    const [img, , , w] = ctx.drawImage.mock.calls[1]!;
    expect(img).toBe(overlay);
    expect(w).toBeCloseTo(352);
    cleanup();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/photo-1');
  });
});
