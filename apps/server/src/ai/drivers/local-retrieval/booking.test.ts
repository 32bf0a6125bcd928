import { describe, expect, it } from 'vitest';
import { askContext, testSalon, TEST_SERVICES, type TestSalon } from '../../../test-support/ai-test-tools.js';
import type { AiAnswer, AiAskContext, AiTurn, RecordInfo } from '../../llm.js';
import { localRetrievalResponder } from './responder.js';

const responder = localRetrievalResponder();
// Thursday 26 November 2026, 09:00 in Moscow.
const NOW = new Date('2026-11-26T06:00:00Z');
const ZONE = 'Europe/Moscow';

// A conversation: each question is answered with the turns before it as history.
async function chat(salon: TestSalon, questions: string[], patch: Partial<AiAskContext> = {}): Promise<AiAnswer[]> {
  const history: AiTurn[] = [];
  const answers: AiAnswer[] = [];
  for (const question of questions) {
    const result = await responder.answer(
      askContext(salon.tools, { now: NOW, timeZone: ZONE, question, history: [...history], ...patch }),
    );
    answers.push(result);
    history.push({ role: 'client', text: question, at: NOW });
    if (result.kind === 'answer') history.push({ role: 'assistant', text: result.text, at: NOW });
  }
  return answers;
}

const textOf = (a: AiAnswer | undefined) => (a?.kind === 'answer' ? a.text : `handover:${a?.reason}`);

function manicureRecord(id: string, startsAt: string): RecordInfo {
  const service = TEST_SERVICES[0]!;
  return {
    id,
    startsAt: new Date(startsAt),
    staffId: 'm1',
    staffName: 'Анна Смирнова',
    services: [{ id: service.id, title: service.title, cost: 1500 }],
    cost: 1500,
  };
}

describe('local retrieval responder: booking', () => {
  it('books when service, day and time are given and the time is free', async () => {
    const salon = testSalon({ timeZone: ZONE });
    const [reply] = await chat(salon, ['Запишите меня на педикюр завтра в 15:00']);
    // 15:00 in Moscow (UTC+3) on Friday the 27th.
    expect(salon.calls.book).toEqual([{ serviceId: 's3', staffId: 'm1', startsAt: new Date('2026-11-27T12:00:00Z') }]);
    expect(textOf(reply)).toBe(
      'Здравствуйте! Готово! Вы записаны на «Педикюр» к мастеру Анна Смирнова: пятница, 27 ноября, 15:00. Хорошего дня!',
    );
  });

  it('asks for what is missing, one question at a time, then books', async () => {
    const salon = testSalon({ timeZone: ZONE });
    const replies = await chat(salon, ['Хочу записаться', 'на женскую стрижку', 'к Ольге в субботу в 12']);
    expect(textOf(replies[0])).toContain(
      'Есть, например: Маникюр классический, Маникюр с покрытием гель-лак, Педикюр, Стрижка женская, Стрижка мужская. На какую услугу вас записать?',
    );
    expect(textOf(replies[1])).toContain('Свободное время на «Стрижка женская» — четверг, 26 ноября');
    expect(textOf(replies[1])).toContain('Какое время вам удобно?');
    expect(salon.calls.book).toEqual([{ serviceId: 's4', staffId: 'm2', startsAt: new Date('2026-11-28T09:00:00Z') }]);
    expect(textOf(replies[2])).toContain(
      'Вы записаны на «Стрижка женская» к мастеру Ольга Ким: суббота, 28 ноября, 12:00',
    );
  });

  it('offers other times when the wanted one is taken', async () => {
    const salon = testSalon({ timeZone: ZONE, records: [manicureRecord('r1', '2026-11-27T12:00:00Z')] });
    const [reply] = await chat(salon, ['Запишите на педикюр к Анне завтра в 15:00']);
    expect(salon.calls.book).toEqual([]);
    expect(textOf(reply)).toContain('К сожалению, 15:00 уже занято.');
    expect(textOf(reply)).toContain('Анна Смирнова: 10:00, 11:00');
    expect(textOf(reply)).toContain('Какое время вам удобно?');
  });

  it('hands a booking over to a person when workWithRecord is off, but still shows free times', async () => {
    const salon = testSalon({ timeZone: ZONE, workWithRecord: false });
    const [booking] = await chat(salon, ['Запишите меня на педикюр завтра в 15:00'], { workWithRecord: false });
    expect(booking).toEqual({ kind: 'handover', reason: 'client_asked' });
    expect(salon.calls.book).toEqual([]);
    const [slots] = await chat(salon, ['Есть свободное время на педикюр завтра?'], { workWithRecord: false });
    expect(textOf(slots)).toContain('пятница, 27 ноября');
    expect(textOf(slots)).not.toContain('Какое время вам удобно?');
  });

  it('refuses a day beyond the lookup interval', async () => {
    const salon = testSalon({ timeZone: ZONE });
    const [reply] = await chat(salon, ['Запишите на педикюр 20 декабря в 12:00'], { lookupDays: 3 });
    expect(textOf(reply)).toContain('Расписание я вижу только на 3 дн. вперёд.');
    expect(salon.calls.book).toEqual([]);
  });
});

describe('local retrieval responder: cancel and move', () => {
  it('cancels only after the client confirms', async () => {
    const salon = testSalon({ timeZone: ZONE, records: [manicureRecord('r1', '2026-11-28T09:00:00Z')] });
    const replies = await chat(salon, ['Хочу отменить запись', 'да']);
    expect(textOf(replies[0])).toContain(
      'Отменить запись «Маникюр классический» — суббота, 28 ноября, 12:00, мастер Анна Смирнова?',
    );
    expect(salon.calls.cancel).toEqual(['r1']);
    expect(textOf(replies[1])).toContain(
      'Запись «Маникюр классический» — суббота, 28 ноября, 12:00, мастер Анна Смирнова отменена.',
    );
  });

  it('keeps the record when the client says no', async () => {
    const salon = testSalon({ timeZone: ZONE, records: [manicureRecord('r1', '2026-11-28T09:00:00Z')] });
    const replies = await chat(salon, ['Отмените мою запись', 'нет, не надо']);
    expect(salon.calls.cancel).toEqual([]);
    expect(textOf(replies[1])).toContain('Хорошо, запись остаётся в силе.');
  });

  it('asks which record when there are several, then cancels the one named', async () => {
    const salon = testSalon({
      timeZone: ZONE,
      records: [manicureRecord('r1', '2026-11-28T09:00:00Z'), manicureRecord('r2', '2026-11-30T09:00:00Z')],
    });
    const replies = await chat(salon, ['Отмените запись', '30 ноября', 'да']);
    expect(textOf(replies[0])).toContain('У вас несколько записей');
    expect(textOf(replies[1])).toContain('Отменить запись «Маникюр классический» — понедельник, 30 ноября, 12:00');
    expect(salon.calls.cancel).toEqual(['r2']);
  });

  it('moves the record to a free time', async () => {
    const salon = testSalon({ timeZone: ZONE, records: [manicureRecord('r1', '2026-11-28T09:00:00Z')] });
    const [reply] = await chat(salon, ['Перенесите мою запись на завтра в 16:00']);
    expect(salon.calls.move).toEqual([{ recordId: 'r1', startsAt: new Date('2026-11-27T13:00:00Z') }]);
    expect(textOf(reply)).toContain('Готово! Запись перенесена на пятница, 27 ноября, 16:00.');
  });

  it('asks for the new time, then moves', async () => {
    const salon = testSalon({ timeZone: ZONE, records: [manicureRecord('r1', '2026-11-28T09:00:00Z')] });
    const replies = await chat(salon, ['Можно перенести запись?', 'в понедельник в 11:00']);
    expect(textOf(replies[0])).toContain('На какой день и время перенести запись');
    expect(salon.calls.move).toEqual([{ recordId: 'r1', startsAt: new Date('2026-11-30T08:00:00Z') }]);
  });

  it('hands cancelling over when workWithRecord is off', async () => {
    const salon = testSalon({ timeZone: ZONE, records: [manicureRecord('r1', '2026-11-28T09:00:00Z')] });
    const [reply] = await chat(salon, ['Отмените запись'], { workWithRecord: false });
    expect(reply).toEqual({ kind: 'handover', reason: 'client_asked' });
    expect(salon.calls.cancel).toEqual([]);
  });
});
