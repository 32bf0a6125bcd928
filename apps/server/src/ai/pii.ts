// Personal data never leaves our server in a request to an outside model: phones, e-mails and the
// client's name are replaced by placeholders ([PHONE_1], [EMAIL_1], [CLIENT_NAME]) in everything we
// send (system prompt, history, question, tool results) and put back in the model's answer and in
// the arguments of its tool calls (so an id that happens to look like a phone still reaches the
// tool as it was).
//
// Phones are found with a pattern of our own rather than libphonenumber-js's findPhoneNumbersInText:
// the library finds only numbers valid in its metadata, and a phone a client mistypes by one digit
// or writes in a shape it does not know ('8-999-123-45-67 доб' , a foreign number without its
// plus) is still personal data. Masking a harmless long number costs nothing (it is restored), while
// a missed phone leaks — so the rule is deliberately wide: a run of 10 to 15 digits, optionally
// starting with '+', with the separators people type between groups (space, no-break space, '-',
// '.', brackets). Prices ('1 500–2 500 ₽'), times, dates and ISO instants stay below 10 digits in
// one run and are left alone. (libphonenumber-js is also the contract package's dependency, not
// the server's.)

const PHONE_CANDIDATE = /\+?\(?\d(?:[\d\u00a0 ().-]{0,3}\d){9,20}/g;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const PLACEHOLDER = /\[(PHONE|EMAIL)_(\d+)\]|\[CLIENT_NAME\]/g;
// A date with a time after it ('2026-11-28 15:00', '28.11.2026 15:00') has ten digits too.
const DATE_START = /^(?:\d{4}-\d\d-\d\d|\d\d\.\d\d\.\d{4})(?!\d)/;
const MIN_DIGITS = 10;
const MAX_DIGITS = 15;
const NAME_PLACEHOLDER = '[CLIENT_NAME]';

export interface PiiMask {
  // withName false: salon data (tool results) — a master who shares the client's first name stays
  // a master there; phones and e-mails are masked everywhere.
  mask(text: string, withName?: boolean): string;
  restore(text: string): string;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A name part and its Russian case forms: «Анна» also as «Анны», «Анне», «Анну», «Анной».
function namePartPattern(part: string): string {
  const cyrillic = /\p{Script=Cyrillic}/u.test(part);
  if (!cyrillic || part.length < 4) return escapeRegExp(part);
  const stem = part.replace(/[аеёиоуыэюяйь]$/iu, '');
  return `${escapeRegExp(stem)}[а-яё]{0,3}`;
}

function namePattern(name: string): RegExp | null {
  const parts = name
    .split(/[\s,]+/u)
    .map((p) => p.replace(/[^\p{L}'-]/gu, ''))
    .filter((p) => p.length >= 2);
  if (parts.length === 0) return null;
  // The whole name first, then each part (a client signs with the first name alone).
  const alternatives = [parts.map(namePartPattern).join('\\s+'), ...parts.map(namePartPattern)];
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

export function createPiiMask(client: { name: string; phone: string }): PiiMask {
  const phones = new Map<string, string>(); // digits → placeholder
  const emails = new Map<string, string>(); // lower-case address → placeholder
  const originals = new Map<string, string>(); // placeholder → the text first seen
  const name = namePattern(client.name);

  const phoneToken = (digits: string, written: string): string => {
    let token = phones.get(digits);
    if (!token) {
      token = `[PHONE_${phones.size + 1}]`;
      phones.set(digits, token);
      originals.set(token, written);
    }
    return token;
  };
  // The client's own phone gets [PHONE_1] whatever spelling comes first.
  const ownDigits = client.phone.replace(/\D/g, '');
  if (ownDigits.length >= MIN_DIGITS) phoneToken(ownDigits, `+${ownDigits}`);

  const maskPhones = (text: string): string =>
    text.replace(PHONE_CANDIDATE, (found) => {
      // A trailing bracket or separator belongs to the text around the number.
      const written = found.replace(/[\s().-]+$/u, '');
      const digits = written.replace(/\D/g, '');
      if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || DATE_START.test(written)) return found;
      // 8 999… and +7 999… and 999… are one number: the last ten digits name it.
      const key = ownDigits.length >= MIN_DIGITS && digits.slice(-10) === ownDigits.slice(-10) ? ownDigits : digits;
      return phoneToken(key, written) + found.slice(written.length);
    });

  return {
    mask(text, withName = true) {
      let out = text.replace(EMAIL, (found) => {
        const key = found.toLowerCase();
        let token = emails.get(key);
        if (!token) {
          token = `[EMAIL_${emails.size + 1}]`;
          emails.set(key, token);
          originals.set(token, found);
        }
        return token;
      });
      out = maskPhones(out);
      if (name && withName) out = out.replace(name, NAME_PLACEHOLDER);
      return out;
    },
    restore(text) {
      return text.replace(PLACEHOLDER, (token) =>
        token === NAME_PLACEHOLDER ? client.name : (originals.get(token) ?? token),
      );
    },
  };
}
