import { describe, expect, it } from 'vitest';
import { isNo, isYes, mainIntent } from './intents.js';
import { rankByTitle, relevantSentences } from './matching.js';

describe('intents', () => {
  it.each([
    ['Позовите живого человека', 'person'],
    ['соедините с администратором', 'person'],
    ['Хочу отменить запись на пятницу', 'cancel'],
    ['можно перенести запись на завтра?', 'move'],
    ['Запишите меня на маникюр', 'book'],
    ['Сколько стоит стрижка?', 'price'],
    ['какие у вас цены на педикюр', 'price'],
    ['Есть свободное окошко в субботу?', 'free_time'],
    ['Где вы находитесь?', 'contacts'],
    ['до скольки вы работаете', 'contacts'],
    ['Добрый день!', 'greeting'],
    ['Спасибо большое', 'thanks'],
    ['How much is a manicure?', 'price'],
    ['I want to cancel my appointment', 'cancel'],
    ['какая погода на Марсе', null],
  ])('%s → %s', (text, intent) => {
    expect(mainIntent(text)).toBe(intent);
  });

  it('tells yes from no', () => {
    expect(isYes('Да, отменяйте')).toBe(true);
    expect(isYes('да')).toBe(true);
    expect(isYes('нет, не надо')).toBe(false);
    expect(isNo('нет, не надо')).toBe(true);
    expect(isYes('дата')).toBe(false);
  });
});

describe('title matching', () => {
  const items = ['Маникюр классический', 'Маникюр с покрытием гель-лак', 'Педикюр', 'Стрижка женская'];
  const rank = (q: string) => rankByTitle(q, items, (x) => x).map((r) => r.item);

  it('finds titles by word forms and typos, best first', () => {
    expect(rank('сколько стоит маникюр')).toEqual(['Маникюр классический', 'Маникюр с покрытием гель-лак']);
    expect(rank('на маникур с гель-лаком')[0]).toBe('Маникюр с покрытием гель-лак');
    expect(rank('женскую стрижку')).toEqual(['Стрижка женская']);
    expect(rank('педикюра')).toEqual(['Педикюр']);
    expect(rank('окрашивание')).toEqual([]);
  });
});

describe('relevantSentences', () => {
  it('reads the lines of a price list as sentences and answers with the one asked about', () => {
    const passage =
      'Прайс-лист салона\nСтрижка женская — 2500 ₽\nСтрижка мужская — 1500 ₽\nПарковка: бесплатная у входа, для клиентов салона.';
    expect(relevantSentences(passage, 'Есть ли у вас парковка?')).toBe(
      'Парковка: бесплатная у входа, для клиентов салона.',
    );
  });
});
