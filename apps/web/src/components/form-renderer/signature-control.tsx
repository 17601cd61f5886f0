import {
  SIGNATURE_FILE_NAME,
  SIGNATURE_FONT_STACK,
  SIGNATURE_NAME_MAX_LENGTH,
  type SignatureMethod,
} from '@formsmith/core/fields/signature';
import type { FieldOf } from '@formsmith/core/forms/field';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { controlClasses } from '../ui/input.tsx';
import { useChrome } from './chrome-context.ts';
import type { ControlAttributes, FieldValue, FileStatus } from './values.ts';

/** How and when a signature was made, kept with its PNG in the answer. */
export type Signed = { method: SignatureMethod; signed_at: string; typed_name?: string };

type SignatureControlProps = {
  field: FieldOf<'signature'>;
  common: ControlAttributes;
  value: FieldValue;
  status?: FileStatus;
  onChange: (value: FieldValue) => void;
  /** Stores the PNG (an upload, as a file field's file), then answers it with how it was signed. */
  onSign?: (file: File, signed: Signed) => void;
};

type Point = { x: number; y: number; pressure: number };

const PAD_HEIGHT = 160;
const INK = '#0f172a';
/** A pause this long after a stroke or a keystroke ends the signing: the PNG is made and sent then. */
const SETTLE_MS = 700;

// False while the server renders the page (effects do not run there) and while the browser takes
// it over, true after: the page without JavaScript keeps the typed-name input it was sent.
function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}

/** One stroke, smoothed: a quadratic curve through each point to the midpoint of the next. */
function drawStroke(ctx: CanvasRenderingContext2D, points: Point[]) {
  const first = points[0];
  if (!first) return;
  // Pressure, where the pointer reports it (a pen), thickens the line; a mouse reports 0.5.
  const pressure = points.reduce((sum, p) => sum + p.pressure, 0) / points.length;
  ctx.lineWidth = 1.5 + 2.5 * (pressure || 0.5);
  ctx.beginPath();
  if (points.length === 1) {
    ctx.arc(first.x, first.y, ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.moveTo(first.x, first.y);
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const next = points[i + 1]!;
    ctx.quadraticCurveTo(p.x, p.y, (p.x + next.x) / 2, (p.y + next.y) / 2);
  }
  const last = points[points.length - 1]!;
  ctx.lineTo(last.x, last.y);
  ctx.stroke();
}

/** Paints the strokes on white (the PNG is read on any background), at the screen's pixel density. */
function paint(canvas: HTMLCanvasElement, strokes: Point[][]) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(canvas.clientWidth * ratio);
  const height = Math.round(canvas.clientHeight * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) drawStroke(ctx, stroke);
}

/** A typed name drawn in the script font, as large as fits. */
function typedCanvas(name: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = 1200;
  canvas.height = 320;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  let size = 120;
  ctx.font = `${size}px ${SIGNATURE_FONT_STACK}`;
  while (size > 24 && ctx.measureText(name).width > canvas.width - 80) {
    size -= 8;
    ctx.font = `${size}px ${SIGNATURE_FONT_STACK}`;
  }
  ctx.fillStyle = INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, canvas.width / 2, canvas.height / 2);
  return canvas;
}

function pngOf(canvas: HTMLCanvasElement): Promise<File | null> {
  return new Promise((resolve) =>
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], SIGNATURE_FILE_NAME, { type: 'image/png' }) : null),
      'image/png',
    ),
  );
}

/** The name a value holds: a typed signature's, or what the page without JavaScript posted. */
function typedNameOf(value: FieldValue): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'typed_name' in value && typeof value.typed_name === 'string')
    return value.typed_name;
  return '';
}

const buttonClasses =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * A signature: drawn on a pad with a mouse, a finger or a pen (Pointer Events), with Undo (the
 * last stroke) and Clear; or typed, the keyboard's and screen readers' way, and drawn in a script
 * font. Either becomes a PNG, stored like an upload. Without JavaScript only the typed name is
 * sent (fields/signature.ts).
 */
export function SignatureControl(props: SignatureControlProps) {
  const { t } = useChrome();
  const { field, common } = props;
  const scripted = useScripted();
  const [mode, setMode] = useState<'draw' | 'type'>(() =>
    typedNameOf(props.value) !== '' ? 'type' : 'draw',
  );
  const [typed, setTyped] = useState(() => typedNameOf(props.value));
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Point[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const instructionsId = `${common.id}-instructions`;
  const describedBy = [instructionsId, common['aria-describedby']].filter(Boolean).join(' ');

  const nameRef = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Whoever switched to typing (by keyboard, say) carries on typing in the name's input.
  useEffect(() => {
    if (switched.current && mode === 'type') nameRef.current?.focus();
  }, [mode]);
  useEffect(() => {
    if (scripted && mode === 'draw' && canvasRef.current) paint(canvasRef.current, strokes);
  }, [scripted, mode, strokes]);

  const settle = (make: () => Promise<File | null>, signed: () => Signed) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const file = await make();
      if (file) props.onSign?.(file, signed());
    }, SETTLE_MS);
  };
  const unsign = () => {
    clearTimeout(timer.current);
    props.onChange(null);
  };
  const drawn = (next: Point[][]) => {
    setStrokes(next);
    if (next.length === 0) return unsign();
    const canvas = canvasRef.current;
    if (canvas)
      settle(
        () => pngOf(canvas),
        () => ({ method: 'drawn', signed_at: new Date().toISOString() }),
      );
  };
  const typedChange = (name: string) => {
    setTyped(name);
    const trimmed = name.trim();
    if (trimmed === '') return unsign();
    settle(
      () => pngOf(typedCanvas(trimmed)),
      () => ({ method: 'typed', typed_name: trimmed, signed_at: new Date().toISOString() }),
    );
  };

  const pointAt = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top, pressure: e.pressure };
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (common.disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    try {
      // The stroke goes on where the pointer leaves the pad; a pointer already gone cannot be held.
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // drawn without capture
    }
    clearTimeout(timer.current);
    drawing.current = [pointAt(e)];
    paint(e.currentTarget, [...strokes, drawing.current]);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    // A pen or a finger reports more points than frames: all of them make the curve smoother.
    const native = e.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const box = e.currentTarget.getBoundingClientRect();
    if (events.length > 0)
      for (const one of events)
        stroke.push({ x: one.clientX - box.left, y: one.clientY - box.top, pressure: one.pressure });
    else stroke.push(pointAt(e));
    paint(e.currentTarget, [...strokes, stroke]);
  };
  const onPointerEnd = () => {
    const stroke = drawing.current;
    drawing.current = null;
    if (stroke) drawn([...strokes, stroke]);
  };

  const nameInput = (
    <input
      {...common}
      ref={nameRef}
      type="text"
      autoComplete="name"
      maxLength={SIGNATURE_NAME_MAX_LENGTH}
      placeholder={t('signature.typedName')}
      className={`${controlClasses} h-10`}
      value={typed}
      onChange={(e) => (scripted ? typedChange(e.target.value) : setTyped(e.target.value))}
    />
  );
  const instructions = (
    <p id={instructionsId} className="text-sm text-slate-600 dark:text-slate-400">
      {mode === 'draw' && scripted ? t('signature.instructions') : t('signature.typedName')}
    </p>
  );
  if (!scripted) {
    // The page without JavaScript: the name typed is the signature, shown in the script font.
    return (
      <div className="space-y-2">
        {instructions}
        {nameInput}
      </div>
    );
  }
  const uploading = props.status?.uploading === true;
  const kept = strokes.length === 0 && mode === 'draw' && props.value !== null && props.value !== '';
  return (
    <div className="space-y-2">
      {instructions}
      {mode === 'draw' ? (
        <canvas
          ref={canvasRef}
          id={common.id}
          role="img"
          aria-label={`${field.label}: ${t('signature.pad')}`}
          aria-describedby={describedBy}
          aria-invalid={common['aria-invalid']}
          data-signature-pad=""
          className="block w-full cursor-crosshair touch-none rounded-lg border border-slate-400 bg-white aria-[invalid=true]:border-red-500 dark:border-slate-500"
          style={{ height: PAD_HEIGHT }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        />
      ) : (
        <div className="space-y-2">
          {nameInput}
          <p
            aria-hidden="true"
            className="min-h-16 overflow-hidden text-ellipsis whitespace-nowrap rounded-lg border border-slate-300 bg-white px-3 py-2 text-4xl text-slate-900 dark:border-slate-600"
            style={{ fontFamily: SIGNATURE_FONT_STACK }}
          >
            {typed}
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {mode === 'draw' && (
          <>
            <button
              type="button"
              className={buttonClasses}
              disabled={common.disabled || strokes.length === 0}
              onClick={() => drawn(strokes.slice(0, -1))}
            >
              {t('signature.undo')}
            </button>
            <button
              type="button"
              className={buttonClasses}
              disabled={common.disabled || (strokes.length === 0 && !kept)}
              onClick={() => drawn([])}
            >
              {t('signature.clear')}
            </button>
          </>
        )}
        <button
          type="button"
          className={buttonClasses}
          disabled={common.disabled}
          onClick={() => {
            unsign();
            setStrokes([]);
            setTyped('');
            switched.current = true;
            setMode(mode === 'draw' ? 'type' : 'draw');
          }}
        >
          {mode === 'draw' ? t('signature.typeInstead') : t('signature.drawInstead')}
        </button>
      </div>
      {(uploading || kept) && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {uploading ? t('file.uploading') : t('signature.kept')}
        </p>
      )}
    </div>
  );
}
