/**
 * The authority form's signature pad (spec 001 §5): pointer events on a canvas draw the strokes;
 * drawing ends on pointer up, leave or cancel (the spec's mouse up, mouse out, touch end); Clear
 * empties it. `signed` is true once something was drawn; `toPng` gives the PNG that is sent.
 * Nothing is drawn while the form is sending.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export function useSignaturePad(submitting: boolean) {
  const [signed, setSigned] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drewSomething = useRef(false);

  const context = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1b1f23';
    }
    return ctx;
  };

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const canvas = e.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const sx = rect.width ? canvas.width / rect.width : 1;
    const sy = rect.height ? canvas.height / rect.height : 1;
    return { x: (e.clientX - rect.left) * sx, y: (e.clientY - rect.top) * sy };
  };

  const onDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (submitting) return;
    e.preventDefault();
    drawing.current = true;
    const ctx = context();
    const p = point(e);
    ctx?.beginPath();
    ctx?.moveTo(p.x, p.y);
  };
  const onMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    const p = point(e);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
    drewSomething.current = true;
  };
  // Drawing ends on pointer up or leave (spec 001 §5: mouse up, mouse out, touch end).
  const onEnd = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (drewSomething.current) setSigned(true);
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    drewSomething.current = false;
    setSigned(false);
  };

  const toPng = (): Promise<Blob | null> =>
    new Promise((resolve) => {
      const canvas = canvasRef.current;
      if (!canvas || typeof canvas.toBlob !== 'function') resolve(null);
      else canvas.toBlob((b) => resolve(b), 'image/png');
    });

  return {
    canvasRef,
    signed,
    clear,
    toPng,
    handlers: {
      onPointerDown: onDown,
      onPointerMove: onMove,
      onPointerUp: onEnd,
      onPointerLeave: onEnd,
      onPointerCancel: onEnd,
    },
  };
}
