import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, checkAttachment } from './attachments.js';

describe('attachments', () => {
  it('groups files by extension', () => {
    expect(checkAttachment('Прайс.PDF', 1000)).toEqual({ ok: true, group: 'document' });
    expect(checkAttachment('photo.jpeg', 1000)).toEqual({ ok: true, group: 'image' });
    expect(checkAttachment('voice.ogg', 1000)).toEqual({ ok: true, group: 'audio' });
    expect(checkAttachment('clip.mp4', 1000)).toEqual({ ok: true, group: 'video' });
  });

  it('refuses a file over 20 MB, an empty one and an unknown type', () => {
    expect(checkAttachment('big.mp4', MAX_ATTACHMENT_BYTES)).toMatchObject({ ok: true });
    expect(checkAttachment('big.mp4', MAX_ATTACHMENT_BYTES + 1)).toEqual({ ok: false, error: 'too_big' });
    expect(checkAttachment('empty.pdf', 0)).toEqual({ ok: false, error: 'empty' });
    expect(checkAttachment('script.exe', 10)).toEqual({ ok: false, error: 'unsupported_type' });
    expect(checkAttachment('pdf', 10)).toEqual({ ok: false, error: 'unsupported_type' });
  });
});
