// Guards the OLE container of an .xls before SheetJS reads it. SheetJS reads containers with its
// bundled cfb, which follows the sector chains and directory links as the file gives them: a
// crafted file with a loop in them makes it run until memory is gone (it takes the server down),
// and chains in an odd order make it copy the file over and over. The checks below walk the same
// structures the way cfb does, within a budget of steps, before SheetJS is given the file; a file
// written by Excel passes them at once. @e965/xlsx is pinned: an upgrade must check these against
// it (the tests 'containers that would make cfb run away' do).

const FREE_SECTOR = -1;
const END_OF_CHAIN = -2;
const MAX_DIRECTORY_ENTRIES = 1024;
const MAX_DIRECTORY_DEPTH = 64;
const ENTRY_BYTES = 128;
const MINI_STREAM_CUTOFF = 4096;
const ROOT_ENTRY = 5;
const UNUSED_ENTRY = 0;

interface Layout {
  file: Buffer;
  sectorSize: number;
  sectors: number;
  // The sectors of the FAT, in order.
  fat: number[];
}

// cfb's reading of four bytes: past the end of a sector the walk stops.
function int32(sector: Buffer, at: number): number {
  if (at + 4 <= sector.length) return sector.readInt32LE(at);
  if (at >= sector.length) return -1;
  let value = 0;
  for (let i = at + 3; i >= at; i -= 1) value = value * 256 + (sector[i] ?? 0);
  return value | 0;
}

function sectorAt(layout: Layout, index: number): Buffer | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= layout.sectors) return undefined;
  const start = (index + 1) * layout.sectorSize;
  return layout.file.subarray(start, Math.min(start + layout.sectorSize, layout.file.length));
}

function nextSector(layout: Layout, sector: number): number {
  const fatSector = sectorAt(layout, layout.fat[Math.floor((sector * 4) / layout.sectorSize)] ?? -1);
  return fatSector ? int32(fatSector, (sector * 4) & (layout.sectorSize - 1)) : -1;
}

function readLayout(file: Buffer): Layout | null {
  const major = file.length >= 512 ? file.readUInt16LE(26) : 0;
  const sectorSize = major === 3 ? 512 : major === 4 ? 4096 : 0;
  if (sectorSize === 0 || file.length <= sectorSize) return null;
  const layout: Layout = { file, sectorSize, sectors: Math.ceil(file.length / sectorSize) - 1, fat: [] };
  for (let i = 0; i < 109; i += 1) {
    const sector = file.readInt32LE(76 + i * 4);
    if (sector < 0) break;
    layout.fat.push(sector);
  }
  // The rest of the FAT's sectors are listed in the DIFAT chain.
  let sector = file.readInt32LE(68);
  let left = file.readInt32LE(72);
  for (let steps = 0; sector !== FREE_SECTOR; steps += 1) {
    if (sector === END_OF_CHAIN) return left === 0 ? layout : null;
    const difat = sectorAt(layout, sector);
    if (!difat) break;
    if (steps > layout.sectors) return null;
    for (let i = 0; i < sectorSize / 4 - 1; i += 1) {
      const fat = int32(difat, i * 4);
      if (fat === END_OF_CHAIN) break;
      layout.fat.push(fat);
    }
    if (left < 1) break;
    sector = int32(difat, sectorSize - 4);
    left -= 1;
  }
  return layout;
}

class Budget {
  constructor(private left: number) {}
  spend(): boolean {
    this.left -= 1;
    return this.left >= 0;
  }
}

// cfb's first pass: a chain from every sector not yet seen, in order from the directory's.
function walkChains(layout: Layout, directoryStart: number, budget: Budget) {
  const checked = new Set<number>();
  const starts = new Set<number>();
  const lastWalk = new Map<number, number>();
  let directory: number[] = [];
  for (let i = 0; i < layout.sectors; i += 1) {
    let start = i + directoryStart;
    if (start >= layout.sectors) start -= layout.sectors;
    if (checked.has(start)) continue;
    const chain: number[] = [];
    for (let sector = start; sector >= 0;) {
      if (!budget.spend()) return null;
      lastWalk.set(sector, i);
      checked.add(sector);
      chain.push(sector);
      sector = nextSector(layout, sector);
      if (lastWalk.get(sector) === i) break;
    }
    starts.add(start);
    if (start === directoryStart) directory = chain;
  }
  return { starts, directory };
}

interface DirectoryEntry {
  type: number;
  links: [number, number, number];
  start: number;
  size: number;
}

function directoryEntries(layout: Layout, chain: readonly number[]): DirectoryEntry[] | null {
  const sectors = chain.map((sector) => sectorAt(layout, sector));
  if (sectors.length === 0 || sectors.some((s) => s === undefined || s.length !== layout.sectorSize)) return null;
  const directory = Buffer.concat(sectors as Buffer[]);
  if (directory.length / ENTRY_BYTES > MAX_DIRECTORY_ENTRIES) return null;
  const entries: DirectoryEntry[] = [];
  for (let at = 0; at < directory.length; at += ENTRY_BYTES) {
    entries.push({
      type: directory[at + 66]!,
      links: [directory.readInt32LE(at + 68), directory.readInt32LE(at + 72), directory.readInt32LE(at + 76)],
      start: directory.readInt32LE(at + 116),
      size: directory.readInt32LE(at + 120),
    });
  }
  return entries;
}

// cfb follows the chain of a big stream that starts inside another chain with no check for loops.
function streamChainsEnd(layout: Layout, entries: readonly DirectoryEntry[], starts: Set<number>, budget: Budget) {
  for (const { type, start, size } of entries) {
    if (type === ROOT_ENTRY || size < MINI_STREAM_CUTOFF || starts.has(start)) continue;
    for (let sector = start; sector >= 0; sector = nextSector(layout, sector)) if (!budget.spend()) return false;
    starts.add(start);
  }
  return true;
}

// cfb's way of finding each entry's parent storage (its build_full_paths), with its links checked
// to stay in the directory and its walks up to the root bounded.
function pathsEnd(entries: readonly DirectoryEntry[]): boolean {
  const n = entries.length;
  if (entries.some((e) => e.links.some((link) => !Number.isInteger(link) || link < -1 || link >= n))) return false;
  const dad = entries.map((_, i) => i);
  const queue = entries.map((_, i) => i);
  const lastAt = entries.map((_, i) => i);
  let left = -1;
  let right = -1;
  for (let j = 0; j < queue.length; j += 1) {
    if (queue.length > 4 * n + 16) return false;
    const i = queue[j]!;
    const [l, r, child] = entries[i]!.links;
    left = l;
    right = r;
    if (dad[i] === i) {
      if (l !== -1 && dad[l] !== l) dad[i] = dad[l]!;
      if (r !== -1 && dad[r] !== r) dad[i] = dad[r]!;
    }
    if (child !== -1) dad[child] = i;
    for (const sibling of [l, r]) {
      if (sibling === -1 || i === dad[i]) continue;
      dad[sibling] = dad[i]!;
      if (lastAt[sibling]! < j) lastAt[sibling] = queue.push(sibling) - 1;
    }
  }
  for (let i = 1; i < n; i += 1) {
    if (dad[i] !== i) continue;
    if (right !== -1 && dad[right] !== right) dad[i] = dad[right]!;
    else if (left !== -1 && dad[left] !== left) dad[i] = dad[left]!;
  }
  for (let i = 1; i < n; i += 1) {
    if (entries[i]!.type === UNUSED_ENTRY) continue;
    let j = i;
    for (let steps = 0; j !== 0 && j !== dad[j]; steps += 1) {
      if (steps > MAX_DIRECTORY_DEPTH) return false;
      j = dad[j]!;
    }
  }
  return true;
}

export function containerIsSafe(file: Buffer): boolean {
  const layout = readLayout(file);
  if (!layout) return false;
  const directoryStart = file.readInt32LE(48);
  // cfb copies each chain it walks: at most a few times the file.
  const budget = new Budget(4 * layout.sectors + 64);
  const chains = walkChains(layout, directoryStart, budget);
  if (!chains) return false;
  const entries = directoryEntries(layout, chains.directory);
  if (!entries) return false;
  return streamChainsEnd(layout, entries, chains.starts, budget) && pathsEnd(entries);
}
