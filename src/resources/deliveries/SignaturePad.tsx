import { forwardRef, useEffect, useImperativeHandle, useRef, type PointerEvent } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface SignaturePadHandle {
  /** The drawing as a PNG's bytes. */
  png: () => Promise<ArrayBuffer>;
}

const HEIGHT = 180;
const INK = '#000';

/**
 * A box the receiver signs in with a finger, a pen or the mouse (pointer events: one code for
 * touch and mouse), with a Clear button. `onInk` tells whether anything is drawn. The drawing is
 * on a white ground, so the PNG reads the same on any background.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { label: string; onInk: (drawn: boolean) => void; error?: string }>(function SignaturePad({ label, onInk, error }, ref) {
  const translate = useTranslate();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  const context = () => canvasRef.current?.getContext('2d') ?? null;
  function paintGround() {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
  }

  // The bitmap is the box's size in device pixels, so a line is as sharp as the phone's screen;
  // it is set once (a later resize stretches the drawing rather than losing it).
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) return;
    const scale = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(canvas.clientWidth * scale));
    canvas.height = Math.round(HEIGHT * scale);
    ctx.scale(scale, scale);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK;
    paintGround();
  }, []);

  useImperativeHandle(ref, () => ({
    png: () =>
      new Promise<ArrayBuffer>((resolve, reject) => {
        const canvas = canvasRef.current;
        if (!canvas) return reject(new Error('No signature'));
        canvas.toBlob((blob) => (blob ? blob.arrayBuffer().then(resolve, reject) : reject(new Error('No signature'))), 'image/png');
      }),
  }));

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // The drawing keeps the box's own coordinates whatever the page's direction.
    return { x: ((event.clientX - box.left) * event.currentTarget.clientWidth) / box.width, y: ((event.clientY - box.top) * HEIGHT) / box.height };
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = pointAt(event);
    const ctx = context();
    if (!ctx) return;
    // A tap is a dot.
    ctx.beginPath();
    ctx.arc(last.current.x, last.current.y, ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.fillStyle = INK;
    ctx.fill();
    onInk(true);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = context();
    if (!ctx) return;
    const next = pointAt(event);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(next.x, next.y);
    ctx.stroke();
    last.current = next;
  };
  const up = () => {
    last.current = null;
  };
  const clear = () => {
    paintGround();
    onInk(false);
  };

  return (
    <Stack spacing={0.5}>
      <Typography component="p" variant="body2" color={error ? 'error' : 'text.secondary'}>
        {label}
      </Typography>
      <Box
        component="canvas"
        id="signature-pad"
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        // Drawing with a finger must not scroll or zoom the page.
        sx={{ width: '100%', height: HEIGHT, touchAction: 'none', border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, bgcolor: '#fff', cursor: 'crosshair', display: 'block' }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'}>
          {error ?? translate('deliveries.proof.signature_hint')}
        </Typography>
        <Button size="small" onClick={clear}>
          {translate('deliveries.proof.clear')}
        </Button>
      </Stack>
    </Stack>
  );
});
