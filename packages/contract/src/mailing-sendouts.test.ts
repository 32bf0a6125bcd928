import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from './attachments.js';
import { checkMailingMedia, MAX_MAILING_MEDIA_BYTES, startSendoutFields } from './mailing-sendouts.js';

describe('mailing media (SPEC 5)', () => {
  it('takes images, video, audio and the four document types up to 20 MB', () => {
    expect(MAX_MAILING_MEDIA_BYTES).toBe(MAX_ATTACHMENT_BYTES);
    expect(checkMailingMedia('Акция.JPG', 1000)).toEqual({ ok: true, group: 'image' });
    expect(checkMailingMedia('clip.mp4', 1000)).toEqual({ ok: true, group: 'video' });
    expect(checkMailingMedia('voice.ogg', 1000)).toEqual({ ok: true, group: 'audio' });
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.txt']) {
      expect(checkMailingMedia(name, MAX_MAILING_MEDIA_BYTES)).toEqual({ ok: true, group: 'document' });
    }
  });

  it('refuses the attachments’ other documents, names without a type, empty and too-big files', () => {
    for (const name of ['list.xlsx', 'list.xls', 'a.csv', 'a.zip', 'slides.pptx', 'pdf', 'a.exe']) {
      expect(checkMailingMedia(name, 1000), name).toEqual({ ok: false, error: 'unsupported_type' });
    }
    expect(checkMailingMedia('a.png', 0)).toEqual({ ok: false, error: 'empty' });
    expect(checkMailingMedia('a.png', MAX_MAILING_MEDIA_BYTES + 1)).toEqual({ ok: false, error: 'too_big' });
  });
});

describe('start_sendout form fields', () => {
  it('reads the form’s text values: numbers, flags and an optional scheduled start', () => {
    const fields = startSendoutFields.parse({
      sendout_id: 'so_1',
      text: 'Привет, {name}',
      count: '3',
      sendout_batch_len: '100',
      between_time: '10',
      consent_true: 'true',
      consent_neutral: '0',
      delay: '1',
      time_start: '2026-03-10T15:05:00+03:00',
    });
    expect(fields).toMatchObject({ count: 3, consent_true: true, consent_neutral: false, delay: true });
    // Without the flags: the draft's saved consent choice (left to the server), an immediate launch.
    const bare = startSendoutFields.parse({
      sendout_id: 'so_1',
      text: 'x',
      count: '1',
      sendout_batch_len: '1',
      between_time: '0',
    });
    expect(bare).toMatchObject({ delay: false });
    expect(bare.consent_true).toBeUndefined();
    expect(bare.consent_neutral).toBeUndefined();
    expect(
      startSendoutFields.safeParse({
        sendout_id: 'so_1',
        text: 'x',
        count: '1',
        sendout_batch_len: '1',
        between_time: '601',
      }).success,
    ).toBe(false);
  });
});
