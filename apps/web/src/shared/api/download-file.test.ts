import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('download file name', () => {
  it('prefers the encoded name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf('attachment; filename="a.xlsx"; filename*=UTF-8\'\'%D0%BE%D1%82%D1%87%D1%91%D1%82.xlsx', 'x'),
    ).toBe('отчёт.xlsx');
    expect(fileNameOf('attachment; filename="stats.xlsx"', 'x')).toBe('stats.xlsx');
    expect(fileNameOf('attachment; filename=plain.pdf', 'x')).toBe('plain.pdf');
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(fileNameOf('inline', 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
