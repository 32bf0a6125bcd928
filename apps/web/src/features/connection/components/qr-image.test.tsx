import QRCode from 'qrcode';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrImage } from './qr-image';

// The dark modules a drawn path covers, as 'x,y' (quiet zone removed).
function darkModules(path: string, margin: number): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, width] of path.matchAll(/M(\d+),(\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(width); i += 1) dark.add(`${Number(x) + i - margin},${Number(y) - margin}`);
  }
  return dark;
}

describe('QrImage', () => {
  it('renders the QR code of its payload as an SVG', () => {
    const payload = '2@Wc3bYkd9zq0PcIh+Xa4N0X1cZ,Tq8bQ0m6o1aP3Jc2YV1G5oK8sI=,M4q7XlZpP0h2w=,sT9yLm3=';
    const html = renderToStaticMarkup(<QrImage payload={payload} label="Код для входа" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Код для входа"');
    const symbol = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules;
    const side = symbol.size + 8;
    expect(html).toContain(`viewBox="0 0 ${side} ${side}"`);
    const drawn = darkModules(/ d="([^"]+)"/.exec(html)![1]!, 4);
    const expected = new Set<string>();
    for (let y = 0; y < symbol.size; y += 1) {
      for (let x = 0; x < symbol.size; x += 1) if (symbol.data[y * symbol.size + x]) expected.add(`${x},${y}`);
    }
    expect(drawn).toEqual(expected);
  });

  it('renders nothing for a payload no QR code holds', () => {
    expect(renderToStaticMarkup(<QrImage payload={'x'.repeat(5000)} label="QR" />)).toBe('');
  });
});
