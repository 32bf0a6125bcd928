import { sentencesOf } from './summary.js';

// Passages of about this many characters: long enough to carry an answer with its context, short
// enough that the best one points at the place in the file.
export const CHUNK_MAX = 800;
// The last piece of a passage starts the next one too (when it is this short), so an answer that
// falls on a boundary is whole in one of them.
const OVERLAP_MAX = 200;

// Cuts a piece longer than a passage at word boundaries (a single overlong word is cut as is).
function byWords(piece: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of piece.split(/\s+/)) {
    for (let w = word; w.length > 0; w = w.slice(CHUNK_MAX)) {
      const part = w.slice(0, CHUNK_MAX);
      if (current && current.length + 1 + part.length > CHUNK_MAX) {
        out.push(current);
        current = part;
      } else current = current ? `${current} ${part}` : part;
    }
  }
  if (current) out.push(current);
  return out;
}

// Paragraphs that fit, or their sentences, or their words.
function pieces(text: string): string[] {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) =>
      p.length <= CHUNK_MAX ? [p] : sentencesOf(p).flatMap((s) => (s.length <= CHUNK_MAX ? [s] : byWords(s))),
    );
}

// The text cut into passages on paragraph, then sentence boundaries: pieces are joined until the
// next would pass CHUNK_MAX, so passages run about 600–800 characters.
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const piece of pieces(text)) {
    const added = piece.length + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && length + added > CHUNK_MAX) {
      chunks.push(current.join('\n'));
      const last = current.length > 1 ? current[current.length - 1]! : null;
      current = last && last.length <= OVERLAP_MAX && last.length + 1 + piece.length <= CHUNK_MAX ? [last] : [];
      length = current.length > 0 ? current[0]!.length : 0;
    }
    length += piece.length + (current.length > 0 ? 1 : 0);
    current.push(piece);
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks;
}
