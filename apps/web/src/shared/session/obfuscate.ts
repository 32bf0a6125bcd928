// Rights are kept in local storage obfuscated, not encrypted: this only stops casual edits in the
// browser's devtools from flipping menu entries. The server checks every right on every call, so
// nothing here is a security boundary and a fixed key is enough.
const KEY = 'salon-cabinet:rights';

function xor(bytes: Uint8Array): Uint8Array {
  const key = new TextEncoder().encode(KEY);
  return bytes.map((b, i) => b ^ (key[i % key.length] ?? 0));
}

export function obfuscate(plain: string): string {
  const bytes = xor(new TextEncoder().encode(plain));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

// Returns null for anything that was not produced by obfuscate (edited or foreign values).
export function deobfuscate(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(xor(bytes));
  } catch {
    return null;
  }
}
