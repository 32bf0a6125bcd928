import { z } from 'zod';
import {
  AUTO_RESPONSE_MAX_WORDS,
  AUTO_RESPONSE_PERIOD_HOURS,
  AUTO_RESPONSE_TEXT_MAX,
  AUTO_RESPONSE_WORD_MAX_LENGTH,
  isEmptyTriggerWord,
  KEY_PHRASE_STATUS,
  KEY_PHRASE_TYPES,
  TAKEOVER_PAUSE_MINUTES,
} from './auto-responses-rules.js';
import { INT4_MAX } from './db-limits.js';

export * from './auto-responses-rules.js';

// SPEC 7 Other: the key phrases of /auto_response.
//
//   GET  /get_key_phrases                → keyPhrasesResponse
//   POST /add_key_phrase     (multipart) → keyPhraseSavedResponse   fields: keyPhraseAddFields + file `media`
//   POST /update_key_phrase  (multipart) → keyPhraseSavedResponse   fields: keyPhraseUpdateFields + file `media`
//   POST /delete_key_phrase  {id}        → keyPhraseDeletedResponse
//   POST /active_key_phrase  {id, active}→ keyPhraseSavedResponse
//   GET/POST /key_phrases_settings       → keyPhraseSettingsResponse (ours: the period and the pause)

const keyPhraseId = z.number().int().positive().max(INT4_MAX);

// SPEC 3 Auto-response on the wire. `reply` is the text sent (for a file reply: its caption, may be
// empty); `caption` repeats it for a file reply and is null for a text reply; `media` describes the
// file of a file reply.
export const keyPhraseWire = z.object({
  id: keyPhraseId,
  active: z.boolean(),
  type: z.enum(KEY_PHRASE_TYPES),
  reply: z.string(),
  words: z.array(z.string()),
  caption: z.string().nullable(),
  media: z.object({ name: z.string(), size: z.number().int(), content_type: z.string() }).nullable(),
});
export type KeyPhraseWire = z.infer<typeof keyPhraseWire>;

export const keyPhrasesResponse = z.object({
  ok: z.literal(true),
  data: z.array(keyPhraseWire),
  count: z.number().int(),
});
export type KeyPhrasesResponse = z.infer<typeof keyPhrasesResponse>;

// --- the multipart forms: every field is text ---

// 'true'/'false' (or 1/0): z.coerce.boolean() would read 'false' as true.
const formBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const formId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(keyPhraseId);

export const triggerWord = z
  .string()
  .max(AUTO_RESPONSE_WORD_MAX_LENGTH, { message: KEY_PHRASE_STATUS.wordTooLong })
  .refine((w) => !isEmptyTriggerWord(w), { message: KEY_PHRASE_STATUS.emptyWord })
  .transform((w) => w.trim().replace(/\s+/g, ' '));

// A JSON array of trigger words, as text: '["цена","стоимость"]'.
const formWords = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: KEY_PHRASE_STATUS.invalid });
      return z.NEVER;
    }
  })
  .pipe(z.array(triggerWord).max(AUTO_RESPONSE_MAX_WORDS, { message: KEY_PHRASE_STATUS.tooManyWords }));

// POST /add_key_phrase. `words` is the phrase's full list (`new_words` is read the same way when
// `words` is absent). A file reply sends its file as the part `media` (its file name is the media
// name); `reply` is then the optional caption.
export const keyPhraseAddFields = z.object({
  active: formBoolean.default(true),
  type: z.enum(KEY_PHRASE_TYPES),
  reply: z.string().max(AUTO_RESPONSE_TEXT_MAX, { message: KEY_PHRASE_STATUS.textTooLong }).default(''),
  words: formWords.optional(),
  new_words: formWords.optional(),
});
export type KeyPhraseAddFields = z.infer<typeof keyPhraseAddFields>;

// POST /update_key_phrase: the same fields and the phrase's `id`. Without `words`, the list becomes
// the stored one without `old_words`, plus `new_words`. A file reply without a new `media` part
// keeps its file; without `active` the switch stays as it is.
export const keyPhraseUpdateFields = keyPhraseAddFields.extend({
  id: formId,
  active: formBoolean.optional(),
  old_words: formWords.optional(),
});
export type KeyPhraseUpdateFields = z.infer<typeof keyPhraseUpdateFields>;

export const keyPhraseSavedResponse = z.object({ ok: z.literal(true), status: z.string(), data: keyPhraseWire });
export type KeyPhraseSavedResponse = z.infer<typeof keyPhraseSavedResponse>;

export const keyPhraseIdBody = z.object({ id: keyPhraseId });
export const keyPhraseDeletedResponse = z.object({ ok: z.literal(true), status: z.string(), id: keyPhraseId });
export type KeyPhraseDeletedResponse = z.infer<typeof keyPhraseDeletedResponse>;

export const keyPhraseActiveBody = z.object({ id: keyPhraseId, active: z.boolean() });

// The branch's settings of auto-responses: one reply per phrase per client per `period_hours`;
// `pause_minutes` of silence after the salon writes in a chat itself.
export const keyPhraseSettings = z.object({
  period_hours: z.number().int().min(AUTO_RESPONSE_PERIOD_HOURS.min).max(AUTO_RESPONSE_PERIOD_HOURS.max),
  pause_minutes: z.number().int().min(TAKEOVER_PAUSE_MINUTES.min).max(TAKEOVER_PAUSE_MINUTES.max),
});
export type KeyPhraseSettings = z.infer<typeof keyPhraseSettings>;
export const keyPhraseSettingsResponse = z.object({ ok: z.literal(true), data: keyPhraseSettings });
export type KeyPhraseSettingsResponse = z.infer<typeof keyPhraseSettingsResponse>;
