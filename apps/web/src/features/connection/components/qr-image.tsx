import { useMemo } from 'react';
import { drawQr } from '../qr/qr-drawing';

// The QR drawn as one SVG path; nothing if the payload does not fit a QR code.
export function QrImage({ payload, label, size = 240 }: { payload: string; label: string; size?: number }) {
  const drawing = useMemo(() => drawQr(payload), [payload]);
  if (drawing === null) return null;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawing.side} ${drawing.side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
      data-testid="qr-image"
    >
      <rect width={drawing.side} height={drawing.side} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
