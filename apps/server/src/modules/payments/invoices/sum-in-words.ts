import { toCurrency } from 'n2words/ru-RU';

// The accountants' form of a rouble sum on an invoice: the roubles in words with a capital letter,
// the kopecks in two digits («Восемь тысяч девятьсот сорок рублей 00 копеек»). n2words spells the
// roubles and declines «рубль»; the kopecks' word is declined here by the number's last digits.
export function rublesInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`not a sum: ${amount}`);
  const kopecks = Math.round(amount * 100);
  const rubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  const words = toCurrency(rubles, { and: false });
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${String(rest).padStart(2, '0')} ${kopeckWord(rest)}`;
}

function kopeckWord(n: number): string {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 'копеек';
  if (last === 1) return 'копейка';
  if (last >= 2 && last <= 4) return 'копейки';
  return 'копеек';
}

// «8 940,00»: groups of three split by a space, two decimals after a comma (as printed in roubles).
export function formatRubles(amount: number): string {
  const kopecks = Math.round(amount * 100);
  const whole = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${String(kopecks % 100).padStart(2, '0')}`;
}
