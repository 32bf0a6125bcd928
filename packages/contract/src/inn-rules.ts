// SPEC 5 Tax id (ИНН): 10 digits with one check digit (legal entities) or 12 digits with two
// (individuals and sole proprietors). Zod-free: the /bill_data form checks as the user types.

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * digits[i]!, 0);
  return (sum % 11) % 10;
}

export function isValidInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const d = [...value].map(Number);
  if (d.length === 10) return checkDigit(d, W10) === d[9];
  return checkDigit(d, W11) === d[10] && checkDigit(d, W12) === d[11];
}

// КПП: 9 characters, the 5th and 6th may be capital Latin letters (reason codes).
export const KPP_PATTERN = /^\d{4}[\dA-Z]{2}\d{3}$/;
export const BILL_NAME_MAX = 255;
