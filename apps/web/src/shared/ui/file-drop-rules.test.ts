import { describe, expect, it } from 'vitest';
import { dropAccept } from './file-drop-rules';

describe('drop zone accept', () => {
  it('lists every extension under each type a browser reports for it', () => {
    expect(
      dropAccept({
        txt: ['text/plain'],
        md: ['text/markdown', 'text/plain'],
        pdf: ['application/pdf'],
      }),
    ).toEqual({
      'text/plain': ['.txt', '.md'],
      'text/markdown': ['.md'],
      'application/pdf': ['.pdf'],
    });
  });

  it('names an extension once per type', () => {
    expect(dropAccept({ rtf: ['text/rtf', 'text/rtf'] })).toEqual({ 'text/rtf': ['.rtf'] });
  });
});
