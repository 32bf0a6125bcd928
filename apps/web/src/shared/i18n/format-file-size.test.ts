import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('file size', () => {
  it('picks the unit and rounds to one decimal', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 byte');
    expect(formatFileSize(1536, 'en-US')).toBe('1.5 kB');
    expect(formatFileSize(20 * 1024 * 1024, 'en-US')).toBe('20 MB');
    expect(formatFileSize(-1, 'en-US')).toBe('0 byte');
  });
});
