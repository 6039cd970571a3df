import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { lockBodyScroll, trapTab } from '../../focus-trap';
import { FRONT_ASPECT, framePartUrl } from './frame-parts';
import { ptTryOn } from './frame-view-messages';

type Camera = 'starting' | 'live' | 'unavailable';

interface Placement {
  /** Width of the frame in % of the picture's width. */
  size: number;
  /** Centre of the frame in % of the picture, from the left and from the top. */
  x: number;
  y: number;
  /** Degrees, clockwise. */
  tilt: number;
}

const START: Placement = { size: 55, x: 50, y: 42, tilt: 0 };
const SLIDERS = [
  { key: 'size', label: ptTryOn.size, min: 20, max: 95, unit: '%' },
  { key: 'x', label: ptTryOn.horizontal, min: 0, max: 100, unit: '%' },
  { key: 'y', label: ptTryOn.vertical, min: 0, max: 100, unit: '%' },
  { key: 'tilt', label: ptTryOn.tilt, min: -30, max: 30, unit: '°' },
] as const satisfies readonly { key: keyof Placement; label: string; min: number; max: number; unit: string }[];

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());

/** Insecure pages (plain http off localhost) and old browsers have no camera API at all. */
const cameraApi = () => (typeof window !== 'undefined' && window.isSecureContext !== false ? navigator.mediaDevices : undefined);

export function TryOnDialog({ articleId, returnFocus, onClose }: { articleId: string; returnFocus: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlayRef = useRef<HTMLImageElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [attempt, setAttempt] = useState(0);
  const [camera, setCamera] = useState<Camera>(() => (cameraApi()?.getUserMedia ? 'starting' : 'unavailable'));
  const [aspect, setAspect] = useState(4 / 3);
  const [place, setPlace] = useState<Placement>(START);
  const [photo, setPhoto] = useState<string | null>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; from: Placement } | null>(null);

  useEffect(() => {
    const unlock = lockBodyScroll();
    closeRef.current?.focus();
    const button = returnFocus.current;
    return () => {
      unlock();
      if (button?.isConnected) button.focus();
    };
  }, [returnFocus]);

  useEffect(() => {
    const media = cameraApi();
    // Rendered together with the 'starting' state this effect runs in.
    const video = videoRef.current;
    if (!media?.getUserMedia || !video) return;
    let stream: MediaStream | null = null;
    let closed = false;
    media.getUserMedia({ video: { facingMode: 'user' } }).then(
      (s) => {
        if (closed) return stopTracks(s);
        stream = s;
        video.srcObject = s;
        setCamera('live');
      },
      // NotAllowedError, NotFoundError, a camera in use: the one SPEC §8 try-on message for all.
      () => {
        if (!closed) setCamera('unavailable');
      },
    );
    return () => {
      closed = true;
      if (stream) stopTracks(stream);
      video.srcObject = null;
    };
  }, [attempt]);

  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo);
  }, [photo]);

  const retry = () => {
    setCamera(cameraApi()?.getUserMedia ? 'starting' : 'unavailable');
    setAttempt((n) => n + 1);
    // The retry button goes away with the message; keep focus in the dialog.
    closeRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else trapTab(e, dialogRef.current);
  };

  const setField = (key: keyof Placement) => (e: ChangeEvent<HTMLInputElement>) => setPlace((p) => ({ ...p, [key]: Number(e.target.value) }));

  const onPointerDown = (e: PointerEvent<HTMLImageElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, from: place };
  };
  const onPointerMove = (e: PointerEvent<HTMLImageElement>) => {
    const d = drag.current;
    const stage = stageRef.current?.getBoundingClientRect();
    if (!d || d.pointerId !== e.pointerId || !stage?.width || !stage.height) return;
    const x = Math.round(Math.min(100, Math.max(0, d.from.x + ((e.clientX - d.x) / stage.width) * 100)));
    const y = Math.round(Math.min(100, Math.max(0, d.from.y + ((e.clientY - d.y) / stage.height) * 100)));
    setPlace((p) => ({ ...p, x, y }));
  };
  const endDrag = () => {
    drag.current = null;
  };

  /** Draws what the shopper sees (the mirrored picture and the frame on it) and offers it as a PNG. */
  const capture = () => {
    const video = videoRef.current;
    const overlay = overlayRef.current;
    if (!video || !overlay || !video.videoWidth) return;
    const w = video.videoWidth;
    const h = video.videoHeight;
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.save();
    ctx.translate(w, 0);
    ctx.scale(-1, 1);
    ctx.drawImage(video, 0, 0, w, h);
    ctx.restore();
    const fw = (place.size / 100) * w;
    const fh = fw / FRONT_ASPECT;
    ctx.translate((place.x / 100) * w, (place.y / 100) * h);
    ctx.rotate((place.tilt * Math.PI) / 180);
    ctx.drawImage(overlay, -fw / 2, -fh / 2, fw, fh);
    canvas.toBlob((blob) => {
      if (blob) setPhoto(URL.createObjectURL(blob));
    }, 'image/png');
  };

  return (
    <div className="try-on-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="try-on-dialog" onKeyDown={onKeyDown}>
        <div className="try-on-head">
          <h2 id={titleId}>{ptTryOn.title}</h2>
          <button ref={closeRef} type="button" className="secondary" onClick={onClose}>
            {ptTryOn.close}
          </button>
        </div>
        <p className="try-on-privacy">{ptTryOn.privacy}</p>
        {camera === 'unavailable' ? (
          <div role="alert" className="try-on-alert">
            <p>{ptTryOn.cameraNeeded}</p>
            <button type="button" onClick={retry}>
              {ptTryOn.retry}
            </button>
          </div>
        ) : (
          <>
            {camera === 'starting' ? (
              <p role="status" className="try-on-status">
                {ptTryOn.starting}
              </p>
            ) : null}
            <div ref={stageRef} className="try-on-stage" style={{ aspectRatio: String(aspect) }}>
              <video
                ref={videoRef}
                className="try-on-video"
                autoPlay
                muted
                playsInline
                aria-label={ptTryOn.video}
                onLoadedMetadata={(e) => {
                  const v = e.currentTarget;
                  if (v.videoWidth && v.videoHeight) setAspect(v.videoWidth / v.videoHeight);
                }}
              />
              {camera === 'live' ? (
                <img
                  ref={overlayRef}
                  className="try-on-overlay"
                  src={framePartUrl(articleId, 'front')}
                  alt=""
                  draggable={false}
                  style={{ left: `${place.x}%`, top: `${place.y}%`, width: `${place.size}%`, transform: `translate(-50%, -50%) rotate(${place.tilt}deg)` }}
                  onPointerDown={onPointerDown}
                  onPointerMove={onPointerMove}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                />
              ) : null}
            </div>
            {camera === 'live' ? (
              <>
                <fieldset className="try-on-controls">
                  <legend>{ptTryOn.adjust}</legend>
                  <p className="try-on-hint">{ptTryOn.dragHint}</p>
                  {SLIDERS.map((s) => (
                    <TryOnSlider key={s.key} label={s.label} min={s.min} max={s.max} unit={s.unit} value={place[s.key]} onChange={setField(s.key)} />
                  ))}
                </fieldset>
                <div className="try-on-actions">
                  <button type="button" onClick={capture}>
                    {ptTryOn.capture}
                  </button>
                  {photo ? (
                    <a className="button" href={photo} download={ptTryOn.fileName(articleId)}>
                      {ptTryOn.save}
                    </a>
                  ) : null}
                </div>
                <p role="status" className="try-on-status">
                  {photo ? ptTryOn.taken : ''}
                </p>
                {photo ? <img className="try-on-photo" src={photo} alt={ptTryOn.captured} /> : null}
              </>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

function TryOnSlider({ label, min, max, unit, value, onChange }: { label: string; min: number; max: number; unit: string; value: number; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId();
  return (
    <div className="try-on-slider">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="range" min={min} max={max} step={1} value={value} aria-valuetext={`${value}${unit}`} onChange={onChange} />
      <output htmlFor={id} aria-hidden="true">{`${value}${unit}`}</output>
    </div>
  );
}
