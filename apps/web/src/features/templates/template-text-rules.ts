export interface Inserted {
  text: string;
  // Where the caret goes: right after the inserted variable.
  caret: number;
}

// Puts {variable} at the caret (replacing a selection); without a known caret, at the end.
export function insertVariable(
  text: string,
  variable: string,
  selectionStart: number | null,
  selectionEnd: number | null = selectionStart,
): Inserted {
  const token = `{${variable}}`;
  const start = selectionStart === null ? text.length : Math.min(Math.max(0, selectionStart), text.length);
  const end = selectionEnd === null ? start : Math.min(Math.max(start, selectionEnd), text.length);
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

export interface TextPart {
  text: string;
  // An unknown {key}: highlighted in the preview under the field.
  bad: boolean;
}

// A text cut into plain parts and its unknown {keys}, for highlighting.
export function splitUnknownKeys(text: string, unknown: readonly string[]): TextPart[] {
  if (unknown.length === 0 || text === '') return text === '' ? [] : [{ text, bad: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{([^{}\s]*)\}/g)) {
    const index = match.index;
    if (!unknown.includes(match[1]!)) continue;
    if (index > last) parts.push({ text: text.slice(last, index), bad: false });
    parts.push({ text: match[0], bad: true });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), bad: false });
  return parts;
}
