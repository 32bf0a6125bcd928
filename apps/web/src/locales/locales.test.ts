import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

// Plural forms differ by language (ru: one/few/many/other, en: one/other); compare their base key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL_SUFFIX, '')];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function namespaces(language: string): string[] {
  return Object.keys(files)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(`./${language}/`.length, -'.json'.length))
    .sort();
}

function tags(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? '').sort();
}

describe('locales', () => {
  it('has the same namespaces in ru and en', () => {
    expect(namespaces('en')).toEqual(namespaces('ru'));
    expect(namespaces('ru').length).toBeGreaterThan(0);
  });

  it.each(namespaces('ru'))('%s has the same keys in ru and en', (ns) => {
    const ru = [...new Set(keysOf(files[`./ru/${ns}.json`]))].sort();
    const en = [...new Set(keysOf(files[`./en/${ns}.json`]))].sort();
    expect(en).toEqual(ru);
  });

  it.each(namespaces('ru'))('%s uses the same placeholders and tags in ru and en', (ns) => {
    const flat = (value: unknown, prefix = ''): [string, string][] =>
      typeof value === 'string'
        ? [[prefix.replace(PLURAL_SUFFIX, ''), value]]
        : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
    const en = new Map(flat(files[`./en/${ns}.json`]));
    for (const [key, text] of flat(files[`./ru/${ns}.json`])) {
      expect(tags(en.get(key) ?? ''), `${ns}:${key}`).toEqual(tags(text));
    }
  });

  it('has no empty strings', () => {
    for (const [path, content] of Object.entries(files)) {
      expect(JSON.stringify(content), path).not.toContain('""');
    }
  });
});
