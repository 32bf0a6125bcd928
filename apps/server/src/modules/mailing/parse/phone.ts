// Phones of a client list as digits with the country code, or null. The rule is the one of
// normalizeClientPhone (@salon/contract/local-crm): a leading 8 of eleven digits is the trunk
// prefix of +7, ten digits starting with 9 lack the +7, and 10-15 digits make a phone. It is
// mirrored, not imported, because spreadsheet cells need more: numbers (also 7.9991234567E+10 or
// 79991234567.0), text around the number ('тел. 8 999 … доб. 12'), two numbers in one cell (the
// first one counts) and a '+' that marks the number as international.
// Cells are scanned by character code rather than with regexes: this runs on every row.

export type PhoneCountry = '7';

const MAX_DIGITS = 15;

function withRules(digits: string, international: boolean, country: PhoneCountry): string | null {
  let d = digits;
  if (!international && d.length > 2 && d.charCodeAt(0) === 48 && d.charCodeAt(1) === 48) {
    // 00 is the international prefix: 00995… is +995…
    d = d.slice(2);
  } else if (country === '7') {
    const first = d.charCodeAt(0);
    const second = d.charCodeAt(1);
    if (d.length === 12 && first === 55 && second === 56) {
      // '+7 8 999 …': the trunk 8 typed after the +7; no number of the +7 zone has twelve digits.
      d = `7${d.slice(2)}`;
    } else if (!international) {
      if (d.length === 11 && first === 56) d = `7${d.slice(1)}`;
      else if (d.length === 10 && first === 57) d = `7${d}`;
    } else if (d.length === 11 && first === 56 && second === 57) {
      // '+8 9…' is a Russian mobile with a stray plus: no country code is 89. (+84 9…, Vietnam, keeps its 8.)
      d = `7${d.slice(1)}`;
    }
  }
  if (d.length < 10 || d.length > MAX_DIGITS || d.charCodeAt(0) === 48) return null;
  return d;
}

function fromNumber(value: number, country: PhoneCountry): string | null {
  // A phone stored as a number (also as 79991234567.0 or 7.9991234567E+10) is a whole number;
  // one with a fraction is something else.
  if (!Number.isInteger(value) || value <= 0 || value >= 1e15) return null;
  return withRules(String(value), false, country);
}

function isSeparator(code: number): boolean {
  return (
    code === 32 || // space
    code === 45 || // -
    code === 46 || // .
    code === 40 || // (
    code === 41 || // )
    code === 160 || // no-break space
    code === 0x2007 ||
    code === 0x202f ||
    (code >= 0x2010 && code <= 0x2015) || // dashes
    code === 0x2212 // minus sign
  );
}

function onlyZerosAfter(text: string, from: number): boolean {
  for (let i = from; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== 48 && code !== 32) return false;
  }
  return from < text.length;
}

function fromText(text: string, country: PhoneCountry): string | null {
  // Digits are taken a run at a time ('999', '123', …) rather than one by one.
  let digits = '';
  let run = -1;
  let international = false;
  let started = false;
  let i = 0;
  for (; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      if (run < 0) run = i;
      started = true;
      continue;
    }
    if (run >= 0) {
      digits += text.slice(run, i);
      run = -1;
      if (digits.length > MAX_DIGITS + 2) return null;
    }
    if (!started) {
      // Words before the number ('тел.:', 'WhatsApp') are passed over; a '+' marks it international.
      if (code === 43) international = true;
      continue;
    }
    if (code === 46 && onlyZerosAfter(text, i + 1)) break; // '79991234567.0' kept as text
    if (isSeparator(code)) continue;
    if ((code === 69 || code === 101) && !international) {
      // 7.9991234567E+10: a number that went through text on its way into the file.
      const asNumber = Number(text.trim());
      if (Number.isFinite(asNumber)) return fromNumber(asNumber, country);
    }
    // Anything else ends the number: an extension ('доб.', 'ext', 'x', '#') or a second number.
    break;
  }
  if (run >= 0) digits += run === 0 && i === text.length ? text : text.slice(run, i);
  return started ? withRules(digits, international, country) : null;
}

export function normalizeListPhone(value: string | number, country: PhoneCountry = '7'): string | null {
  return typeof value === 'number' ? fromNumber(value, country) : fromText(value, country);
}
