// A small QR Code Model 2 encoder (ISO/IEC 18004): byte mode, error correction level M, versions
// 1-40, automatic mask. Enough to draw the login QR of WhatsApp and Telegram without a library.

export interface QrMatrix {
  // Modules per side: 4 × version + 17.
  size: number;
  version: number;
  mask: number;
  // dark[y][x]; true is a dark module.
  dark: boolean[][];
}

// Level M per version (index 0 unused): EC codewords per block and the number of blocks.
const M_ECC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const M_BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
  35, 37, 38, 40, 43, 45, 47, 49,
];
// Format information: level M is 00.
const EC_LEVEL_M_BITS = 0b00;
const MAX_VERSION = 40;

// --- GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ---

const EXP = new Array<number>(512).fill(0);
const LOG = new Array<number>(256).fill(0);
{
  let value = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = value;
    LOG[value] = i;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

// Coefficients of (x - α^0)(x - α^1)…(x - α^(degree-1)), highest power first, leading 1 dropped.
function generator(degree: number): number[] {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] = next[j]! ^ poly[j]!;
      next[j + 1] = next[j + 1]! ^ gfMul(poly[j]!, EXP[i]!);
    }
    poly = next;
  }
  return poly.slice(1);
}

// The Reed-Solomon error correction codewords of one block.
export function reedSolomon(data: readonly number[], degree: number): number[] {
  const gen = generator(degree);
  const rem = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem[0]!;
    rem.shift();
    rem.push(0);
    for (let i = 0; i < degree; i++) rem[i] = rem[i]! ^ gfMul(gen[i]!, factor);
  }
  return rem;
}

// --- sizes ---

export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const size = version * 4 + 17;
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let i = count - 2; i >= 0; i--) positions.push(size - 7 - i * step);
  return positions;
}

// Modules left for data and EC codewords once the function patterns are drawn.
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const count = Math.floor(version / 7) + 2;
    result -= (25 * count - 10) * count - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function dataCodewords(version: number): number {
  return Math.floor(rawDataModules(version) / 8) - M_ECC_PER_BLOCK[version]! * M_BLOCKS[version]!;
}

// Byte mode: 4 mode bits, an 8- or 16-bit length, 8 bits per byte.
function bitsNeeded(version: number, bytes: number): number {
  return 4 + (version <= 9 ? 8 : 16) + bytes * 8;
}

export function chooseVersion(bytes: number): number {
  for (let version = 1; version <= MAX_VERSION; version++) {
    if (bitsNeeded(version, bytes) <= dataCodewords(version) * 8) return version;
  }
  throw new RangeError('QR payload too long');
}

// --- codewords ---

function dataBytes(payload: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  const capacity = dataCodewords(version) * 8;
  push(0b0100, 4);
  push(payload.length, version <= 9 ? 8 : 16);
  payload.forEach((byte) => push(byte, 8));
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad = pad === 0xec ? 0x11 : 0xec) push(pad, 8);
  const bytes: number[] = [];
  for (let i = 0; i < bits.length; i += 8) bytes.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  return bytes;
}

// Splits the data into blocks, adds each block's EC codewords and interleaves them.
export function interleave(data: readonly number[], version: number): number[] {
  const blockCount = M_BLOCKS[version]!;
  const eccLength = M_ECC_PER_BLOCK[version]!;
  const total = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (total % blockCount);
  const shortDataLength = Math.floor(total / blockCount) - eccLength;
  const dataBlocks: number[][] = [];
  const eccBlocks: number[][] = [];
  let offset = 0;
  for (let b = 0; b < blockCount; b++) {
    const length = shortDataLength + (b < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + length);
    offset += length;
    dataBlocks.push(block);
    eccBlocks.push(reedSolomon(block, eccLength));
  }
  const result: number[] = [];
  for (let i = 0; i <= shortDataLength; i++) {
    for (const block of dataBlocks) if (i < block.length) result.push(block[i]!);
  }
  for (let i = 0; i < eccLength; i++) for (const block of eccBlocks) result.push(block[i]!);
  return result;
}

// --- the matrix ---

interface Grid {
  size: number;
  dark: boolean[][];
  reserved: boolean[][];
}

function emptyGrid(size: number): Grid {
  const rows = () => Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  return { size, dark: rows(), reserved: rows() };
}

function setFunction(grid: Grid, x: number, y: number, dark: boolean): void {
  grid.dark[y]![x] = dark;
  grid.reserved[y]![x] = true;
}

export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | (rem & 0xfff);
}

function drawFormat(grid: Grid, mask: number): void {
  const bits = formatBits(mask);
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const { size } = grid;
  for (let i = 0; i <= 5; i++) setFunction(grid, 8, i, bit(i));
  setFunction(grid, 8, 7, bit(6));
  setFunction(grid, 8, 8, bit(7));
  setFunction(grid, 7, 8, bit(8));
  for (let i = 9; i < 15; i++) setFunction(grid, 14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) setFunction(grid, size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) setFunction(grid, 8, size - 15 + i, bit(i));
  setFunction(grid, 8, size - 8, true);
}

function drawFunctionPatterns(grid: Grid, version: number): void {
  const { size } = grid;
  for (let i = 0; i < size; i++) {
    setFunction(grid, 6, i, i % 2 === 0);
    setFunction(grid, i, 6, i % 2 === 0);
  }
  // Finder patterns with their light separators.
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        setFunction(grid, x, y, ring !== 2 && ring !== 4);
      }
    }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cy, i) => {
    positions.forEach((cx, j) => {
      // No alignment pattern on the three finder corners.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++)
          setFunction(grid, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    });
  });
  drawFormat(grid, 0);
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      setFunction(grid, a, b, dark);
      setFunction(grid, b, a, dark);
    }
  }
}

// The zigzag order in which codeword bits fill the non-function modules.
export function dataPositions(reserved: readonly (readonly boolean[])[]): [number, number][] {
  const size = reserved.length;
  const order: [number, number][] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) if (!reserved[y]![x]) order.push([x, y]);
    }
  }
  return order;
}

export function maskApplies(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

function applyMask(grid: Grid, mask: number): void {
  for (let y = 0; y < grid.size; y++) {
    for (let x = 0; x < grid.size; x++) {
      if (!grid.reserved[y]![x] && maskApplies(mask, x, y)) grid.dark[y]![x] = !grid.dark[y]![x];
    }
  }
}

const FINDER_LIKE = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
];

// The standard's penalty rules: runs, 2×2 blocks, finder look-alikes and dark/light balance.
function penalty(dark: boolean[][]): number {
  const size = dark.length;
  const at = (x: number, y: number, vertical: boolean) => (vertical ? dark[x]![y]! : dark[y]![x]!);
  let score = 0;
  for (const vertical of [false, true]) {
    for (let y = 0; y < size; y++) {
      let run = 1;
      for (let x = 1; x <= size; x++) {
        if (x < size && at(x, y, vertical) === at(x - 1, y, vertical)) {
          run++;
          continue;
        }
        if (run >= 5) score += 3 + (run - 5);
        run = 1;
      }
      for (let x = 0; x + 11 <= size; x++) {
        for (const pattern of FINDER_LIKE) {
          if (pattern.every((value, k) => at(x + k, y, vertical) === value)) score += 40;
        }
      }
    }
  }
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const c = dark[y]![x];
      if (c === dark[y]![x + 1] && c === dark[y + 1]![x] && c === dark[y + 1]![x + 1]) score += 3;
    }
  }
  const darkCount = dark.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
  const percent = (darkCount * 100) / (size * size);
  score += Math.floor(Math.abs(percent - 50) / 5) * 10;
  return score;
}

export function encodeQr(text: string): QrMatrix {
  const payload = new TextEncoder().encode(text);
  const version = chooseVersion(payload.length);
  const size = version * 4 + 17;
  const codewords = interleave(dataBytes(payload, version), version);

  const base = emptyGrid(size);
  drawFunctionPatterns(base, version);
  const positions = dataPositions(base.reserved);
  positions.forEach(([x, y], i) => {
    const byte = codewords[i >>> 3];
    // Remainder bits past the last codeword stay light.
    base.dark[y]![x] = byte !== undefined && ((byte >>> (7 - (i & 7))) & 1) === 1;
  });

  let best: { mask: number; dark: boolean[][]; score: number } | null = null;
  for (let mask = 0; mask < 8; mask++) {
    const grid: Grid = { size, dark: base.dark.map((row) => [...row]), reserved: base.reserved.map((row) => [...row]) };
    applyMask(grid, mask);
    drawFormat(grid, mask);
    const score = penalty(grid.dark);
    if (best === null || score < best.score) best = { mask, dark: grid.dark, score };
  }
  return { size, version, mask: best!.mask, dark: best!.dark };
}

// One SVG path of all dark modules (with a quiet zone of `margin` modules), for an <svg> viewBox.
export function qrPath(matrix: QrMatrix, margin: number): string {
  const parts: string[] = [];
  matrix.dark.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + margin},${y + margin}h1v1h-1z`);
    });
  });
  return parts.join('');
}
