import { Metadata, getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import mobileExamples from 'libphonenumber-js/mobile/examples';

// The one phone rule of the product (SPEC 5), on libphonenumber-js. A phone travels and is stored
// as digits with the country code ('79991234567'). Russia is the default country: a number
// written without a country code is Russian, and a Russian number has exactly 11 digits (7 + ten),
// so a digit missing or one too many makes no recipient.
//
// Metadata: the 'min' set (national patterns and lengths, ~80 KB) rather than 'max' (+ number
// types, ~160 KB), because the web imports this file too and both sides must agree. 'max' would
// only add number types; the one thing we take from them — no area code of the +7 zone starts
// with 79 or 89, so '8 999 123 45 6' is a mobile missing a digit — is written out below.
//
// Spreadsheet cells bring more than form inputs: numbers (also 7.9991234567E+10 or 79991234567.0),
// text around the number ('тел. 8 999 … доб. 12'), two numbers in one cell (the first counts).
// A client list runs this on every row, so cells are scanned by character code, and the +7 zone
// (almost every number) is checked against the metadata's patterns without a full parse.

export const PHONE_DEFAULT_COUNTRY: CountryCode = 'RU';
// SPEC 5: the countries a phone input offers first.
export const PREFERRED_PHONE_COUNTRIES = ['RU', 'BY', 'KZ'] as const satisfies readonly CountryCode[];
// E.164: a phone has at most 15 digits.
export const PHONE_MAX_DIGITS = 15;

const RUSSIAN_DIGITS = 11;

// The metadata's own reader; its typings omit the pattern this file reads.
const phoneMetadata = new Metadata(metadata);
const callingCodes = (metadata as { country_calling_codes: Record<string, CountryCode[]> }).country_calling_codes;

// The +7 zone is shared by Russia and Kazakhstan; a national number is valid in either.
const zone7Patterns: RegExp[] = (['RU', 'KZ'] as const).map((country) => {
  phoneMetadata.selectNumberingPlan(country);
  const plan = phoneMetadata.numberingPlan as unknown as { nationalNumberPattern(): string } | undefined;
  if (!plan) throw new Error(`libphonenumber-js metadata has no ${country}`);
  return new RegExp(`^(?:${plan.nationalNumberPattern()})$`);
});

function isValidInternational(digits: string): boolean {
  if (digits.length > PHONE_MAX_DIGITS || digits.charCodeAt(0) === 48) return false;
  if (digits.charCodeAt(0) === 55) {
    const national = digits.slice(1);
    return national.length === RUSSIAN_DIGITS - 1 && zone7Patterns.some((pattern) => pattern.test(national));
  }
  return parsePhoneNumberFromString(`+${digits}`, metadata)?.isValid() === true;
}

// Digits as written (without separators) → digits with the country code, or null.
function withRules(written: string, international: boolean): string | null {
  let d = written;
  let plus = international;
  if (!plus && d.length > 2 && d.charCodeAt(0) === 48 && d.charCodeAt(1) === 48) {
    // 00 is the international prefix: 00995… is +995…
    d = d.slice(2);
    plus = true;
  }
  const first = d.charCodeAt(0);
  const second = d.charCodeAt(1);
  if (d.length === 12 && first === 55 && second === 56) {
    // '+7 8 999 …': the domestic 8 typed after the +7 (no number of the +7 zone has twelve digits).
    d = `7${d.slice(2)}`;
  } else if (plus) {
    // '+8 9…' is a Russian mobile with a stray plus: no country code is 89. (+84 9…, Vietnam, keeps its 8.)
    if (d.length === RUSSIAN_DIGITS && first === 56 && second === 57) d = `7${d.slice(1)}`;
  } else if (d.length === RUSSIAN_DIGITS && first === 56) {
    // 8 is the domestic trunk prefix of +7.
    d = `7${d.slice(1)}`;
  } else if (d.length === RUSSIAN_DIGITS - 1) {
    // Ten digits lack the +7: mobile (999) and city codes (495) alike. But 79… and 89… are
    // '7 9xx …' and '8 9xx …' cut short: no area code of the +7 zone starts with 79 or 89.
    if ((first === 55 || first === 56) && second === 57) return null;
    d = `7${d}`;
  }
  // Anything else without a plus is read as international digits (inputs keep only digits, so
  // '995555123456' is how a Georgian number arrives from a form).
  return isValidInternational(d) ? d : null;
}

function fromNumber(value: number): string | null {
  // A phone stored as a number (Excel numeric cell, also 79991234567.0 or 7.9991234567E+10) is a
  // whole number; one with a fraction is something else.
  if (!Number.isInteger(value) || value <= 0 || value >= 1e15) return null;
  return withRules(String(value), false);
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

function fromText(text: string): string | null {
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
      if (digits.length > PHONE_MAX_DIGITS + 2) return null;
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
      if (Number.isFinite(asNumber)) return fromNumber(asNumber);
    }
    // Anything else ends the number: an extension ('доб.', 'ext', 'x', '#') or a second number.
    break;
  }
  if (run >= 0) digits += run === 0 && i === text.length ? text : text.slice(run, i);
  return started && digits.length <= PHONE_MAX_DIGITS + 2 ? withRules(digits, international) : null;
}

// Any spelling of a phone (form input, spreadsheet cell, CRM field) → digits with the country
// code, or null when it is no phone.
export function normalizePhone(value: string | number | null | undefined): string | null {
  if (typeof value === 'number') return fromNumber(value);
  return typeof value === 'string' ? fromText(value) : null;
}

export function isPhone(value: string | number | null | undefined): boolean {
  return normalizePhone(value) !== null;
}

// Only a phone and its separators, nothing around it ('тел. 8 999 …' is refused): the rule of
// fields where a person types one number.
const PHONE_ONLY = /^[\d\s()+\-.]*$/;
export function normalizeStrictPhone(raw: string): string | null {
  return PHONE_ONLY.test(raw) ? normalizePhone(raw) : null;
}

export interface PhoneMask {
  // The country of the number as typed so far (Russia until a code says otherwise).
  country: CountryCode;
  callingCode: string;
  // All the digits a complete number has, the country code included (SPEC 5: 995 → 12, 66 → 11).
  digits: number;
}

function maskOf(country: CountryCode): PhoneMask | null {
  const example = getExampleNumber(country, mobileExamples, metadata);
  if (!example) return null;
  const callingCode = String(example.countryCallingCode);
  return { country, callingCode, digits: callingCode.length + example.nationalNumber.length };
}

const russianMask = maskOf(PHONE_DEFAULT_COUNTRY) as PhoneMask;

// The calling code at the start of international digits (1 to 3 digits), if any.
function callingCodeAt(digits: string): string | null {
  for (let length = 1; length <= 3 && length <= digits.length; length += 1) {
    const code = digits.slice(0, length);
    if (callingCodes[code] !== undefined) return code;
  }
  return null;
}

// The mask that digits typed into a digits-only phone input follow (SPEC 5). Its length is the
// length of the country's example mobile number in the library's metadata. 7 and 8 start a
// Russian number; a preferred country wins a calling code it shares (7: Russia before Kazakhstan).
export function phoneMaskFor(digits: string): PhoneMask {
  const first = digits.charCodeAt(0);
  if (digits === '' || first === 55 || first === 56) return russianMask;
  const code = callingCodeAt(digits);
  if (code === null) return russianMask;
  const countries = countriesOf(code);
  const preferred = PREFERRED_PHONE_COUNTRIES.find((country) => countries.includes(country));
  for (const country of preferred ? [preferred, ...countries] : countries) {
    const mask = maskOf(country);
    if (mask) return mask;
  }
  return russianMask;
}

function countriesOf(callingCode: string): CountryCode[] {
  return callingCodes[callingCode] ?? [];
}

// The most digits a phone input keeps: a complete number of its mask, and never fewer than the
// ten digits of a Russian number typed without its 7 (999 … starts no foreign code of ten digits).
export function phoneInputMaxDigits(digits: string): number {
  return Math.max(phoneMaskFor(digits).digits, RUSSIAN_DIGITS - 1);
}

// A number is complete when it is a phone by the rule above.
export function isCompletePhone(digits: string): boolean {
  return normalizePhone(digits) !== null;
}

// Stored digits as a person reads them ('79261110005' → '+7 926 111 0005'); anything that is no
// phone is shown as it came.
export function formatPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`, metadata)?.formatInternational() ?? digits;
}
