import { normalizePhone } from '@salon/contract/phone';

// A shared contact arrives as a vCard (`vcf_info`). Its TEL lines look like
// `TEL;TYPE=cell:+7 (916) 123-45-67` or `TEL;VALUE=uri:tel:+79161234567`; the first one that is a
// phone number wins. Folded lines (RFC 6350: a continuation starts with a space) are unfolded first.
export function phoneFromVcard(vcf: string): string | null {
  const lines = vcf.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  for (const line of lines) {
    const match = /^(?:[A-Za-z0-9-]+\.)?TEL(?:;[^:]*)?:(.*)$/i.exec(line.trim());
    if (!match?.[1]) continue;
    const phone = normalizePhone(match[1].replace(/^tel:/i, ''));
    if (phone) return phone;
  }
  return null;
}
