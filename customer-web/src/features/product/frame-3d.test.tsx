import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Frame3d } from './frame-3d';

afterEach(cleanup);

function setup() {
  render(<Frame3d articleId="a-00001" />);
  const slider = screen.getByRole('slider', { name: 'Drej brillerne i 3D' });
  const object = slider.querySelector<HTMLElement>('.frame3d-object')!;
  const state = () => [slider.getAttribute('aria-valuenow'), slider.getAttribute('aria-valuetext')];
  const rotateY = () => /rotateY\((-?\d+)deg\)/.exec(object.style.transform)?.[1];
  return { slider, object, state, rotateY };
}

describe('Frame3d', () => {
  it('is a focusable slider from −180 to 180 that starts at the front, with the parts of the article', () => {
    const { slider, state, rotateY } = setup();
    expect(slider.tabIndex).toBe(0);
    expect(slider.getAttribute('aria-valuemin')).toBe('-180');
    expect(slider.getAttribute('aria-valuemax')).toBe('180');
    expect(state()).toEqual(['0', 'Set forfra']);
    expect(rotateY()).toBe('0');
    expect(slider.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(slider.getAttribute('aria-describedby')!)?.textContent).toMatch(/piletasterne/);
    const srcs = [...slider.querySelectorAll('img')].map((i) => [i.getAttribute('src'), i.className]);
    expect(srcs).toEqual([
      ['/media/articles/a-00001/parts/front.svg', 'frame3d-part frame3d-front'],
      ['/media/articles/a-00001/parts/temple.svg', 'frame3d-part frame3d-temple frame3d-temple-left'],
      ['/media/articles/a-00001/parts/temple.svg', 'frame3d-part frame3d-temple frame3d-temple-right'],
    ]);
  });

  it('turns 15° per arrow key, says which way in Danish, stops at ±180 and Home resets to the front', () => {
    const { slider, state, rotateY } = setup();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(state()).toEqual(['15', 'Drejet 15° til højre']);
    expect(rotateY()).toBe('15');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(state()).toEqual(['-30', 'Drejet 30° til venstre']);
    expect(rotateY()).toBe('-30');
    for (let i = 0; i < 20; i++) fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(state()).toEqual(['-180', 'Set bagfra']);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(state()).toEqual(['0', 'Set forfra']);
    expect(rotateY()).toBe('0');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(state()).toEqual(['180', 'Set bagfra']);
  });

  it('prevents the page from scrolling on the keys it uses only', () => {
    const { slider } = setup();
    expect(fireEvent.keyDown(slider, { key: 'ArrowRight' })).toBe(false);
    expect(fireEvent.keyDown(slider, { key: 'Tab' })).toBe(true);
  });

  it('has buttons for the front and the side', () => {
    const { state, rotateY } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Fra siden' }));
    expect(state()).toEqual(['90', 'Drejet 90° til højre']);
    expect(rotateY()).toBe('90');
    fireEvent.click(screen.getByRole('button', { name: 'Forfra' }));
    expect(state()).toEqual(['0', 'Set forfra']);
  });

  it('turns with a pointer drag, about Y by horizontal and a little about X by vertical movement', () => {
    const { slider, object, state } = setup();
    const tilt = () => Number(/rotateX\((-?\d+)deg\)/.exec(object.style.transform)?.[1]);
    const before = tilt();
    fireEvent.pointerDown(slider, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    expect(slider.hasAttribute('data-dragging')).toBe(true);
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 200, clientY: 60 });
    expect(state()).toEqual(['60', 'Drejet 60° til højre']);
    expect(tilt()).toBeGreaterThan(before);
    // Past the back the value wraps round instead of sticking.
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 450, clientY: 60 });
    expect(state()).toEqual(['-150', 'Drejet 150° til venstre']);
    fireEvent.pointerUp(slider, { pointerId: 1 });
    expect(slider.hasAttribute('data-dragging')).toBe(false);
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 0, clientY: 0 });
    expect(state()[0]).toBe('-150');
  });
});
