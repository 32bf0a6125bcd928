import { describe, expect, it } from 'vitest';
import { formatRubles, rublesInWords } from './sum-in-words.js';

describe('a rouble sum in words', () => {
  it.each([
    [8940, 'Восемь тысяч девятьсот сорок рублей 00 копеек'],
    [1, 'Один рубль 00 копеек'],
    [1234.5, 'Одна тысяча двести тридцать четыре рубля 50 копеек'],
    [2021.01, 'Две тысячи двадцать один рубль 01 копейка'],
    [3.02, 'Три рубля 02 копейки'],
    [5.11, 'Пять рублей 11 копеек'],
    [0.99, 'Ноль рублей 99 копеек'],
    [1_000_000, 'Один миллион рублей 00 копеек'],
  ])('%d → %s', (amount, words) => {
    expect(rublesInWords(amount)).toBe(words);
  });

  it('refuses what is not a sum', () => {
    expect(() => rublesInWords(-1)).toThrow(RangeError);
    expect(() => rublesInWords(Number.NaN)).toThrow(RangeError);
  });

  it.each([
    [8940, '8 940,00'],
    [1234567.5, '1 234 567,50'],
    [0.1, '0,10'],
    [999, '999,00'],
  ])('prints %d as %s', (amount, text) => {
    expect(formatRubles(amount)).toBe(text);
  });
});
