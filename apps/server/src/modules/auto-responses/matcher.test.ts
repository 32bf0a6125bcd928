import { describe, expect, it } from 'vitest';
import { bestMatch, wordKeys } from './matcher.js';

const match = (trigger: string, message: string) => bestMatch([{ id: 1, words: [trigger] }], message) !== null;

// The trigger word a salon types, a client's message, and whether the phrase answers it.
describe('key phrase matching: Russian word forms, whole words, any case', () => {
  it.each([
    // SPEC's example: one word, its forms.
    ['записаться', 'Хочу записаться на завтра', true],
    ['записаться', 'Как оформить запись?', true],
    ['записаться', 'Есть записи на субботу?', true],
    ['запись', 'можно записаться к Анне?', true],
    ['запись', 'Записываться заранее надо?', true],
    ['запись', 'Нашла записку от мастера', false],
    ['записка', 'Подтверждаю запись', false],
    ['запись', 'Запишите меня на стрижку', false],
    // Case, ё, punctuation.
    ['цена', 'ЦЕНЫ???', true],
    ['цена', 'А какая цена на маникюр', true],
    ['цена', 'сколько по ценам выходит', true],
    ['цена', 'ценник пришлите', false],
    ['ещё', 'а еще можно?', true],
    ['ёлка', 'ЕЛКИ', true],
    // Whole words only.
    ['акция', 'Какие у вас акции?', true],
    ['акция', 'Реакция на краску', false],
    ['адрес', 'Подскажите адрес салона', true],
    ['адрес', 'адресат неизвестен', false],
    ['брови', 'коррекция бровей сколько стоит', true],
    ['ресницы', 'наращивание ресниц', true],
    ['маникюр', 'Маникюра не будет?', true],
    ['маникюр', 'педикюр', false],
    ['стрижка', 'нужна стрижку, как записаться', true],
    ['стрижка', 'постричься бы', false],
    ['отменить', 'Мне нужна отмена', true],
    ['отмена', 'хочу отменить визит', true],
    ['перенос', 'можно перенести?', false],
    ['окрашивание', 'Окрашиванием занимаетесь?', true],
    ['скидка', 'Есть скидки для студентов?', true],
    ['скидка', 'Скидок нет?', false],
    // Short words match only themselves.
    ['где', 'Где вы находитесь', true],
    ['где', 'гдеж вы', false],
    ['стоит', 'Сколько стоит?', true],
    ['стоит', 'Сто рублей', false],
    // Several words: in a row, each in any form.
    ['режим работы', 'Какой у вас режим работы?', true],
    ['режим работы', 'До скольки работаете в субботу, какой режим?', false],
    ['как добраться', 'Подскажите как добраться от метро', true],
    // Latin words: English forms; numbers as they are.
    ['price', 'Prices please', true],
    ['booking', 'I want to book a nail appointment', true],
    ['24', 'вы работаете 24 часа?', true],
    ['24', 'до 245 дома', false],
  ] as const)('«%s» in «%s» → %s', (trigger, message, expected) => {
    expect(match(trigger, message)).toBe(expected);
  });

  it('gives «записаться», «запись» and «записи» a common key though Snowball stems them apart', () => {
    const common = (a: string, b: string) => wordKeys(a).some((k) => wordKeys(b).includes(k));
    expect(common('записаться', 'запись')).toBe(true);
    expect(common('записи', 'запись')).toBe(true);
    expect(common('записка', 'запись')).toBe(false);
  });
});

describe('the most specific phrase wins', () => {
  const phrases = [
    { id: 1, words: ['цена'] },
    { id: 2, words: ['цена маникюр', 'стоимость маникюра'] },
    { id: 3, words: ['маникюр'] },
    { id: 4, words: ['режим работы', 'работаете'] },
  ];

  it.each([
    ['Какая цена?', 1],
    ['Цена маникюра?', 2],
    // Two one-word triggers: the longer word wins.
    ['Сколько стоит маникюр, какая цена?', 3],
    ['А стоимость маникюра какая?', 2],
    ['Маникюр делаете?', 3],
    ['Какой режим работы?', 4],
    ['Вы работаете сегодня?', 4],
    ['Добрый день', null],
  ] as const)('«%s» → phrase %s', (message, id) => {
    expect(bestMatch(phrases, message)?.phraseId ?? null).toBe(id);
  });

  it('prefers the longer trigger of equal size, then the older phrase', () => {
    expect(
      bestMatch(
        [
          { id: 5, words: ['маникюр'] },
          { id: 6, words: ['маникюра'] },
        ],
        'маникюра',
      )?.phraseId,
    ).toBe(6);
    expect(
      bestMatch(
        [
          { id: 8, words: ['цена'] },
          { id: 7, words: ['цены'] },
        ],
        'цены',
      )?.phraseId,
    ).toBe(7);
  });
});
