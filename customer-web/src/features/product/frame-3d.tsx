import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { framePartUrl } from './frame-parts';
import { pt3d } from './frame-view-messages';

const STEP = 15;
const MIN = -180;
const MAX = 180;
/** A slight look from above, so the temples show behind the front. */
const REST_TILT = -8;
const MAX_TILT = 25;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Dragging spins freely; the value stays in −180…180. */
const wrap = (deg: number) => {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 && deg > 0 ? 180 : w;
};

export function angleText(angle: number): string {
  if (angle === 0) return pt3d.frontText;
  if (Math.abs(angle) === 180) return pt3d.backText;
  return pt3d.turned(angle);
}

/**
 * SPEC §1 3D view of a frame: the API's front part as one plane and the two temples as planes
 * turned 90° about Y at the hinges, in a CSS 3D scene. The scene is a slider (−180…180°): drag
 * it, or use the arrow keys (±15°), Home (front), End (back), Page Up/Down (±45°).
 */
export function Frame3d({ articleId }: { articleId: string }) {
  const [angle, setAngle] = useState(0);
  const [tilt, setTilt] = useState(REST_TILT);
  const drag = useRef<{ pointerId: number; x: number; y: number; angle: number; tilt: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const turnTo = (deg: number, resetTilt = false) => {
    setAngle(clamp(deg, MIN, MAX));
    if (resetTilt) setTilt(REST_TILT);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const next: Record<string, () => void> = {
      ArrowRight: () => turnTo(angle + STEP),
      ArrowUp: () => turnTo(angle + STEP),
      ArrowLeft: () => turnTo(angle - STEP),
      ArrowDown: () => turnTo(angle - STEP),
      PageUp: () => turnTo(angle + 3 * STEP),
      PageDown: () => turnTo(angle - 3 * STEP),
      Home: () => turnTo(0, true),
      End: () => turnTo(MAX),
    };
    const action = next[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, angle, tilt };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    setAngle(wrap(Math.round(d.angle + (e.clientX - d.x) * 0.6)));
    setTilt(clamp(Math.round(d.tilt - (e.clientY - d.y) * 0.3), -MAX_TILT, MAX_TILT));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  const front = framePartUrl(articleId, 'front');
  const temple = framePartUrl(articleId, 'temple');
  return (
    <section className="frame3d" aria-label={pt3d.region}>
      <div
        role="slider"
        tabIndex={0}
        className="frame3d-scene"
        aria-label={pt3d.slider}
        aria-describedby={hintId}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={angle}
        aria-valuetext={angleText(angle)}
        data-dragging={dragging || undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <div className="frame3d-object" style={{ transform: `rotateX(${tilt}deg) rotateY(${angle}deg) translateZ(var(--frame3d-half-depth))` }}>
          <img className="frame3d-part frame3d-front" src={front} alt="" draggable={false} />
          <img className="frame3d-part frame3d-temple frame3d-temple-left" src={temple} alt="" draggable={false} />
          <img className="frame3d-part frame3d-temple frame3d-temple-right" src={temple} alt="" draggable={false} />
        </div>
      </div>
      <p id={hintId} className="frame3d-hint">
        {pt3d.hint}
      </p>
      <div className="frame3d-buttons">
        <button type="button" className="secondary" onClick={() => turnTo(0, true)}>
          {pt3d.front}
        </button>
        <button type="button" className="secondary" onClick={() => turnTo(90)}>
          {pt3d.side}
        </button>
      </div>
    </section>
  );
}
