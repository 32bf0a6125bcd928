import { describe, expect, it } from 'vitest';
import { CHUNK_MAX, chunkText } from './chunks.js';
import { cleanText } from './converters.js';
import { markdownToText } from './markdown.js';
import { prepareRtf } from './rtf.js';
import { extractiveSummary } from './summary.js';

describe('knowledge text helpers', () => {
  it('cuts text into passages of at most 800 characters on line and sentence boundaries, overlapping by a line', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `Услуга номер ${i} стоит ${1000 + i * 10} ₽.`);
    const chunks = chunkText(lines.join('\n'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(CHUNK_MAX);
    for (const line of lines) expect(chunks.some((c) => c.split('\n').includes(line))).toBe(true);
    expect(chunks[1]!.split('\n')[0]).toBe(chunks[0]!.split('\n').at(-1));
    const long = `${'Очень длинное предложение без точки '.repeat(40)}конец.`;
    for (const c of chunkText(long)) expect(c.length).toBeLessThanOrEqual(CHUNK_MAX);
  });

  it('summarises with the sentences whose words the document uses most, within 200 characters', () => {
    const text = [
      'Салон «Бархат» — стрижка, окрашивание и маникюр в центре Москвы.',
      'Стрижка женская — 2500 ₽, стрижка мужская — 1500 ₽.',
      'Парковка во дворе.',
      ...Array.from({ length: 20 }, (_, i) => `Стрижка у мастера ${i} — по записи.`),
    ].join('\n');
    const summary = extractiveSummary(text);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/стрижка/i);
    expect(summary).not.toMatch(/Парковка/);
    expect(extractiveSummary('')).toBe('');
  });

  it('reads Markdown as text, RTF fallbacks are dropped, control characters are cleaned', () => {
    expect(markdownToText('## Цены\n**Стрижка** — [прайс](http://x)\n```\ncode\n```')).toBe(
      'Цены\nСтрижка — прайс\ncode',
    );
    expect(prepareRtf("{\\rtf1 \\u1057\\'d1\\u1090?\\emdash x}")).toBe('{\\rtf1 \\u1057 \\u1090 \\u8212 x}');
    expect(prepareRtf('{\\rtf1 a{\\pict\\pngblip 89504e47{\\x}}b}')).toBe('{\\rtf1 ab}');
    expect(cleanText('a\u0000b\r\n\n\n\nc  \n\uD800')).toBe('ab\n\nc\n\uFFFD');
  });
});
