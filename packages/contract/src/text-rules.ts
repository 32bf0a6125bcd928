// The one rule every text of a request obeys, whatever its field: no NUL character and no lone
// UTF-16 surrogate. Neither can be stored (Postgres text refuses U+0000; a lone surrogate is not
// Unicode and cannot be encoded as UTF-8), so such input is refused at the door as a 400 instead of
// failing deep in the database as a 500. Zod-free: the server applies it to every parsed request
// once (a forgotten field cannot slip through), the web may use it on its forms.
export const UNSAFE_TEXT = 'unsafe_text';

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what the rule refuses
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

// Deeper than any contract goes; a deeper value is refused rather than walked.
const MAX_DEPTH = 32;

// The path of the first unsafe text in a parsed value (strings, object keys, array items), or null.
// A value nested deeper than MAX_DEPTH counts as unsafe.
export function findUnsafeText(value: unknown, path: readonly string[] = []): string[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : [...path];
  if (typeof value !== 'object' || value === null) return null;
  if (path.length >= MAX_DEPTH) return [...path];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key)) return [...path, key.replace(UNSAFE, '?')];
    const found = findUnsafeText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
