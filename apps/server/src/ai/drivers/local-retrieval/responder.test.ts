import { describe, expect, it } from 'vitest';
import { askContext, testSalon } from '../../../test-support/ai-test-tools.js';
import { AiToolError, type AiAskContext } from '../../llm.js';
import { localRetrievalResponder } from './responder.js';

const responder = localRetrievalResponder();
// Thursday 26 November 2026, 09:00 in Moscow.
const MOSCOW_NOW = new Date('2026-11-26T06:00:00Z');

async function ask(
  question: string,
  patch: Partial<AiAskContext> = {},
  salon = testSalon({ timeZone: patch.timeZone ?? 'Europe/Moscow' }),
) {
  const result = await responder.answer(askContext(salon.tools, { now: MOSCOW_NOW, question, ...patch }));
  return { result, salon };
}

function text(result: Awaited<ReturnType<typeof ask>>['result']): string {
  if (result.kind !== 'answer') throw new Error(`expected an answer, got a handover (${result.reason})`);
  return result.text;
}

describe('local retrieval responder: questions', () => {
  it('answers a price question from the services', async () => {
    const { result } = await ask('Сколько стоит педикюр?');
    // Intl writes thousands with a no-break space.
    expect(text(result)).toMatch(/Педикюр — 2\u00a0500 ₽, 60 мин/);
    expect(text(result)).not.toContain('Маникюр');
  });

  it('lists every service a word names, with price ranges', async () => {
    const { result } = await ask('почём маникюр?');
    const answer = text(result);
    expect(answer).toMatch(/Маникюр классический — 1\u00a0500 ₽/);
    expect(answer).toMatch(/Маникюр с покрытием гель-лак — от 2\u00a0000 ₽ до 2\u00a0500 ₽, 90 мин/);
  });

  it('names only the service the question matches best, and every one a bare word names', async () => {
    const women = text((await ask('Сколько стоит стрижка женская?')).result);
    expect(women).toMatch(/Стрижка женская/);
    expect(women).not.toMatch(/Стрижка мужская/);
    const any = text((await ask('Сколько стоит стрижка?')).result);
    expect(any).toMatch(/Стрижка женская/);
    expect(any).toMatch(/Стрижка мужская/);
  });

  it('reads «завтра» in the branch zone: Vladivostok is a day ahead of UTC', async () => {
    // 15:00 UTC on the 26th is 01:00 on Friday the 27th in Vladivostok: tomorrow is the 28th.
    const salon = testSalon({ timeZone: 'Asia/Vladivostok' });
    const { result } = await ask(
      'Есть ли время завтра на маникюр?',
      { timeZone: 'Asia/Vladivostok', now: new Date('2026-11-26T15:00:00Z'), workWithRecord: false },
      salon,
    );
    expect(salon.calls.freeSlots[0]).toEqual({ day: '2026-11-28', serviceId: 's1' });
    const answer = text(result);
    expect(answer).toContain('суббота, 28 ноября');
    // Slots are shown on the branch's clock: 10:00 local, not 00:00 UTC.
    expect(answer).toContain('Анна Смирнова: 10:00, 11:00, 12:00');
  });

  it('offers today when the client names no day, and the next day when today is full', async () => {
    const salon = testSalon({ timeZone: 'Europe/Moscow', closedDays: ['2026-11-26'] });
    const { result } = await ask('Когда есть свободное окошко на стрижку к Ольге?', {}, salon);
    expect(salon.calls.freeSlots.map((c) => c.day)).toEqual(['2026-11-26', '2026-11-27']);
    expect(salon.calls.freeSlots[0]).toEqual({ day: '2026-11-26', serviceId: 's4', staffId: 'm2' });
    expect(text(result)).toContain('пятница, 27 ноября');
    expect(text(result)).toContain('Ольга Ким: 10:00');
  });

  it('answers address questions from the knowledge files first', async () => {
    const salon = testSalon({
      timeZone: 'Europe/Moscow',
      knowledge: [
        { fileName: 'about.docx', text: 'Мы работаем с 10 до 21 без выходных. Парковка во дворе бесплатная.' },
      ],
    });
    const { result } = await ask('Где у вас парковка?', {}, salon);
    expect(text(result)).toContain('Парковка во дворе бесплатная.');
  });

  it('falls back to the salon address when no passage fits', async () => {
    const { result } = await ask('Какой у вас адрес?');
    expect(text(result)).toContain('ул. Ленина, 1');
  });

  it('answers a knowledge question with the relevant sentence of the best passage', async () => {
    const salon = testSalon({
      timeZone: 'Europe/Moscow',
      knowledge: [
        {
          fileName: 'rules.docx',
          text: 'Правила салона. Опоздание более 15 минут сокращает процедуру. Депозит за окрашивание — 1000 рублей и возвращается при отмене за сутки.',
        },
      ],
    });
    const { result } = await ask('Нужен ли депозит за окрашивание?', {}, salon);
    expect(text(result)).toContain('Депозит за окрашивание — 1000 рублей');
    expect(text(result)).not.toContain('Опоздание');
  });

  it('answers a price question from the knowledge files when no service has that name', async () => {
    const salon = testSalon({
      timeZone: 'Europe/Moscow',
      knowledge: [
        { fileName: 'price.docx', text: 'Прайс-лист.\nОкрашивание волос — от 3000 рублей.\nУкладка — 1200 рублей.' },
      ],
    });
    const { result } = await ask('Сколько стоит окрашивание?', {}, salon);
    expect(text(result)).toContain('Окрашивание волос — от 3000 рублей.');
    expect(text(result)).not.toContain('Укладка');
    expect(salon.calls.search).toEqual(['Сколько стоит окрашивание?']);
  });

  it('hands over a price question nothing answers', async () => {
    const { result } = await ask('Сколько стоит татуаж бровей?');
    expect(result).toEqual({ kind: 'handover', reason: 'no_match' });
  });

  it('hands over on an off-topic question', async () => {
    const salon = testSalon({
      timeZone: 'Europe/Moscow',
      knowledge: [{ fileName: 'a.txt', text: 'Маникюр делаем аппаратный.' }],
    });
    const { result } = await ask('Какая погода на Марсе?', {}, salon);
    expect(result).toEqual({ kind: 'handover', reason: 'no_match' });
  });

  it('hands over when the CRM does not answer', async () => {
    const salon = testSalon({ timeZone: 'Europe/Moscow' });
    salon.tools.services = async () => {
      throw new AiToolError('crm_unavailable', 'down');
    };
    const { result } = await ask('Сколько стоит педикюр?', {}, salon);
    expect(result).toEqual({ kind: 'handover', reason: 'provider_failed' });
  });

  it('hands over when the client asks for a person', async () => {
    expect((await ask('Позовите администратора, пожалуйста')).result).toEqual({
      kind: 'handover',
      reason: 'client_asked',
    });
    expect((await ask('Can I talk to a human?', { lang: 'en' })).result).toEqual({
      kind: 'handover',
      reason: 'client_asked',
    });
  });
});

describe('local retrieval responder: voice', () => {
  it('adds one emoji of the salon list, the same for the same question', async () => {
    const list = ['💅', '🌸', '✨'];
    const first = text((await ask('Сколько стоит педикюр?', { emojiList: list })).result);
    const again = text((await ask('Сколько стоит педикюр?', { emojiList: list })).result);
    expect(first).toBe(again);
    const used = list.filter((e) => first.includes(e));
    expect(used).toHaveLength(1);
    expect(first.endsWith(used[0]!)).toBe(true);
    expect(text((await ask('Сколько стоит педикюр?')).result)).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('greets and closes in the chosen tone', async () => {
    const neutral = text((await ask('Привет!', { tone: 'neutral' })).result);
    const brutal = text((await ask('Привет!', { tone: 'brutal' })).result);
    const luxury = text((await ask('Привет!', { tone: 'luxury' })).result);
    const corporate = text((await ask('Привет!', { tone: 'corporate' })).result);
    expect(neutral).toBe('Здравствуйте! Чем могу помочь?');
    expect(brutal).toBe('Привет. Что нужно?');
    expect(luxury).toContain('Рады приветствовать вас в «Ноготки»');
    expect(corporate).toContain('Благодарим за обращение');
    const thanks = text(
      (await ask('Спасибо!', { tone: 'trend', history: [{ role: 'assistant', text: 'Ок', at: MOSCOW_NOW }] })).result,
    );
    expect(thanks).toBe('Обращайся! До встречи, будет красиво!');
  });

  it('offers help on a bare «ок» instead of handing over', async () => {
    const history = [{ role: 'assistant' as const, text: 'Стоимость: Педикюр — 2 500 ₽', at: MOSCOW_NOW }];
    expect(text((await ask('ок', { history })).result)).toBe('Чем могу помочь?');
  });

  it('answers in English with English dates', async () => {
    // Services keep the salon's own titles; an English word does not name a Russian title.
    const { result } = await ask('Any free time tomorrow?', { lang: 'en', workWithRecord: false });
    expect(text(result)).toMatch(/^Hello!\nFree times — Friday 27 November:\nАнна Смирнова: 10:00, 11:00, 12:00/);
  });
});
