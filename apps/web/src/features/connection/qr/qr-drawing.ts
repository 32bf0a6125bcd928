import QRCode from 'qrcode';

// A QR code drawn as one SVG path. The symbol comes from the `qrcode` package (byte mode, error
// correction M, the smallest version that fits, its mask choice); only the drawing is ours, so
// the QR renders synchronously, crisp at any size, without a canvas.

export interface QrDrawing {
  // Modules per side, the quiet zone included.
  side: number;
  path: string;
}

// ISO/IEC 18004 asks for a quiet zone of four modules.
const QUIET_ZONE = 4;

// The drawing of a payload, or null when it does not fit a QR code.
export function drawQr(payload: string): QrDrawing | null {
  let modules: QRCode.BitMatrix;
  try {
    modules = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules;
  } catch {
    return null;
  }
  const { size, data } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y += 1) {
    // A run of dark modules in a row is one rectangle.
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x += 1;
      parts.push(`M${start + QUIET_ZONE},${y + QUIET_ZONE}h${x - start}v1h${start - x}z`);
    }
  }
  return { side: size + QUIET_ZONE * 2, path: parts.join('') };
}
