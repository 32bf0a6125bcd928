import { describe, expect, it } from 'vitest';
import {
  alignmentPositions,
  chooseVersion,
  encodeQr,
  formatBits,
  reedSolomon,
  versionBits,
  type QrMatrix,
} from './qr-code';

// A reader written apart from the encoder, from the standard's tables (level M), so that the two
// have to agree on the layout rather than share a bug.
const BLOCKS: Record<number, { count: number; data: number }[]> = {
  1: [{ count: 1, data: 16 }],
  2: [{ count: 1, data: 28 }],
  5: [{ count: 2, data: 43 }],
  7: [{ count: 4, data: 31 }],
  10: [
    { count: 4, data: 43 },
    { count: 1, data: 44 },
  ],
  14: [
    { count: 4, data: 40 },
    { count: 5, data: 41 },
  ],
};
const ECC: Record<number, number> = { 1: 10, 2: 16, 5: 24, 7: 18, 10: 26, 14: 24 };
const ALIGN: Record<number, number[]> = {
  1: [],
  2: [6, 18],
  5: [6, 30],
  7: [6, 22, 38],
  10: [6, 28, 50],
  14: [6, 26, 46, 66],
};

function isFunction(version: number, size: number, x: number, y: number): boolean {
  if (x < 9 && y < 9) return true;
  if (x >= size - 8 && y < 9) return true;
  if (x < 9 && y >= size - 8) return true;
  if (x === 6 || y === 6) return true;
  const align = ALIGN[version]!;
  for (const cy of align) {
    for (const cx of align) {
      const corner = (cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6);
      if (!corner && Math.abs(x - cx) <= 2 && Math.abs(y - cy) <= 2) return true;
    }
  }
  if (version >= 7) {
    if (x >= size - 11 && x < size - 8 && y < 6) return true;
    if (y >= size - 11 && y < size - 8 && x < 6) return true;
  }
  return false;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

// GF(256) arithmetic for the syndrome check.
function gfMul(a: number, b: number): number {
  let result = 0;
  for (let i = 0; i < 8; i++) {
    if (b & 1) result ^= a;
    b >>= 1;
    a <<= 1;
    if (a & 0x100) a ^= 0x11d;
  }
  return result;
}
function gfPow2(n: number): number {
  let v = 1;
  for (let i = 0; i < n; i++) v = gfMul(v, 2);
  return v;
}

function readFormat(m: QrMatrix): number {
  const cells: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  return cells.reduce((bits, [x, y], i) => bits | ((m.dark[y]![x] ? 1 : 0) << i), 0);
}

function decode(m: QrMatrix): string {
  const { size, version } = m;
  const format = readFormat(m);
  const mask = [0, 1, 2, 3, 4, 5, 6, 7].find((k) => formatBits(k) === format);
  expect(mask, 'format bits name a level-M mask').toBeDefined();

  const bits: number[] = [];
  let upward = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (let i = 0; i < size; i++) {
      const y = upward ? size - 1 - i : i;
      for (const x of [col, col - 1]) {
        if (isFunction(version, size, x, y)) continue;
        bits.push((m.dark[y]![x] ? 1 : 0) ^ (MASKS[mask!]!(x, y) ? 1 : 0));
      }
    }
    upward = !upward;
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));

  const layout = BLOCKS[version]!.flatMap((group) => Array.from({ length: group.count }, () => group.data));
  const ecc = ECC[version]!;
  const blocks = layout.map(() => [] as number[]);
  let k = 0;
  const maxData = Math.max(...layout);
  for (let i = 0; i < maxData; i++) layout.forEach((len, b) => i < len && blocks[b]!.push(codewords[k++]!));
  for (let i = 0; i < ecc; i++) layout.forEach((_len, b) => blocks[b]!.push(codewords[k++]!));

  // Every block, data plus EC codewords, must be a codeword: zero syndromes.
  for (const block of blocks) {
    for (let s = 0; s < ecc; s++) {
      const root = gfPow2(s);
      const syndrome = block.reduce((acc, c) => gfMul(acc, root) ^ c, 0);
      expect(syndrome).toBe(0);
    }
  }

  const data = blocks.flatMap((block, b) => block.slice(0, layout[b]));
  const stream = data.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  let pos = 0;
  const take = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | stream[pos++]!;
    return v;
  };
  expect(take(4)).toBe(0b0100);
  const length = take(version <= 9 ? 8 : 16);
  const bytes = Uint8Array.from({ length }, () => take(8));
  return new TextDecoder().decode(bytes);
}

describe('QR encoder', () => {
  it('computes Reed-Solomon codewords (1-M "HELLO WORLD" of the standard tutorial)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('has the standard format and version strings', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010');
    expect(formatBits(5).toString(2).padStart(15, '0')).toBe('100000011001110');
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(versionBits(40).toString(2).padStart(18, '0')).toBe('101000110001101001');
  });

  it('places alignment patterns where the standard does', () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(2)).toEqual([6, 18]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(15)).toEqual([6, 26, 48, 70]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  it('picks the smallest version that holds the bytes', () => {
    expect(chooseVersion(14)).toBe(1);
    expect(chooseVersion(15)).toBe(2);
    expect(chooseVersion(213)).toBe(10);
    expect(chooseVersion(214)).toBe(11);
    expect(() => chooseVersion(3000)).toThrow(RangeError);
  });

  it.each([
    ['HELLO', 1],
    ['https://wa.me/1234567', 2],
    ['SANDBOX-WHATSAPP:wa-1001:482019375610'.padEnd(80, 'x'), 5],
    ['2@AbCdEf'.repeat(13) + 'Салон', 7],
    ['2@' + 'Q29ubmVjdGlvbi1yZWY='.repeat(10), 10],
    ['tg://login?token=' + 'AQID'.repeat(85), 14],
  ])('round-trips payload %# at its version', (text, version) => {
    const matrix = encodeQr(text);
    expect(matrix.version).toBe(version);
    expect(matrix.size).toBe(version * 4 + 17);
    expect(decode(matrix)).toBe(text);
  });

  it('draws finders, timing and the dark module', () => {
    const m = encodeQr('SANDBOX-WHATSAPP:wa-1:123456789012');
    const s = m.size;
    for (const [ox, oy] of [
      [0, 0],
      [s - 7, 0],
      [0, s - 7],
    ] as const) {
      const row = Array.from({ length: 7 }, (_, i) => m.dark[oy + 3]![ox + i]);
      expect(row).toEqual([true, false, true, true, true, false, true]);
    }
    for (let i = 8; i < s - 8; i++) {
      expect(m.dark[6]![i]).toBe(i % 2 === 0);
      expect(m.dark[i]![6]).toBe(i % 2 === 0);
    }
    expect(m.dark[s - 8]![8]).toBe(true);
  });
});
