import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ack, ChannelEvents, OutboundMessage, SendResult } from '../../channel.js';
import { parseSmsCredentials, smsDriver, type SmsDriverOptions } from './sms-driver.js';
import {
  SmsProviderError,
  type SmsCredentials,
  type SmsDeliveryStatus,
  type SmsProvider,
  type SmsSendInput,
} from './sms-provider.js';

const instance = { id: 'ch-1', accId: 7 };

function recorder() {
  const statuses: { status: string; detail?: { reason?: string } }[] = [];
  const acks: [string, Ack][] = [];
  const events: ChannelEvents = {
    status: (status, detail) => statuses.push(detail ? { status, detail } : { status }),
    qr: () => undefined,
    credentials: () => undefined,
    ack: (id, ack) => {
      acks.push([id, ack]);
    },
    inbound: () => undefined,
    subscriber: () => Promise.resolve(null),
  };
  return { events, statuses, acks };
}

// A scripted gateway: each message id answers the next status in its script, then repeats the last.
function fakeProvider(key = 'smsc') {
  const sent: { credentials: SmsCredentials; input: SmsSendInput }[] = [];
  const scripts = new Map<string, (SmsDeliveryStatus | Error)[]>();
  const asked: string[] = [];
  let next = 0;
  let sendResult: SendResult | undefined;
  const provider: SmsProvider = {
    key,
    async send(credentials, input) {
      sent.push({ credentials, input });
      return sendResult ?? { ok: true, providerMessageId: `m${(next += 1)}` };
    },
    async status(_credentials, id) {
      asked.push(id);
      const script = scripts.get(id) ?? ['pending'];
      const answer = script.length > 1 ? script.shift()! : script[0]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return {
    provider,
    sent,
    asked,
    script: (id: string, ...answers: (SmsDeliveryStatus | Error)[]) => scripts.set(id, answers),
    failSends: (result: SendResult) => {
      sendResult = result;
    },
  };
}

function message(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return { idempotencyKey: 'row-1', to: '79161234567', text: 'Добрый день!', media: null, ...overrides };
}

const SMSC_KEY = JSON.stringify({ apiKey: 'KEY' });

async function openSession(options: SmsDriverOptions = {}, key = 'smsc', credentials: string | null = SMSC_KEY) {
  const fake = fakeProvider(key);
  const rec = recorder();
  const driver = smsDriver(fake.provider, { pollIntervalMs: 1000, ...options });
  const session = await driver.open(instance, credentials, rec.events);
  return { fake, rec, driver, session };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SMS driver: sessions', () => {
  it('is an sms driver named after the gateway', () => {
    const driver = smsDriver(fakeProvider('smsru').provider);
    expect(driver.kind).toBe('sms');
    expect(driver.provider).toBe('sms:smsru');
    expect(() => smsDriver(fakeProvider('nope').provider)).toThrow(/not in the contract list/);
  });

  it('reads credentials from a JSON string, keeping only the known string fields', () => {
    expect(parseSmsCredentials('{"apiKey":"k","login":5,"extra":"x","senderName":"S"}')).toEqual({
      apiKey: 'k',
      senderName: 'S',
    });
    expect(parseSmsCredentials('not json')).toBeNull();
    expect(parseSmsCredentials('[1]')).toBeNull();
    expect(parseSmsCredentials(null)).toBeNull();
  });

  it('reports authenticated when the credentials have what the provider needs', async () => {
    const { rec } = await openSession();
    expect(rec.statuses).toEqual([{ status: 'authenticated' }]);
  });

  it.each([
    [null, 'no_credentials'],
    ['{oops', 'invalid_credentials'],
    ['{}', 'apiKey: api_key_or_login_required'],
    [JSON.stringify({ login: 'salon' }), 'password: required'],
  ])('reports not_authenticated for %s with the reason', async (credentials, reason) => {
    const { rec, session, fake } = await openSession({}, 'smsc', credentials);
    expect(rec.statuses).toEqual([{ status: 'not_authenticated', detail: { reason } }]);
    expect(await session.send(message())).toMatchObject({ ok: false, failure: 'not_connected' });
    expect(fake.sent).toHaveLength(0);
  });

  it('needs the sender name for SMS-Prosto (SPEC 5)', async () => {
    const { rec } = await openSession({}, 'smsprosto', JSON.stringify({ apiKey: 'k' }));
    expect(rec.statuses).toEqual([{ status: 'not_authenticated', detail: { reason: 'senderName: required' } }]);
  });

  it('has no login flow', async () => {
    const { session } = await openSession();
    expect(await session.login({ step: 'qr' })).toMatchObject({ result: 'error', error: 'not_supported' });
  });
});

describe('SMS driver: sending', () => {
  it('sends through the provider and acks server with its message id', async () => {
    const { session, fake, rec } = await openSession(
      {},
      'smsc',
      JSON.stringify({ apiKey: 'KEY', senderName: ' Salon ' }),
    );
    const result = await session.send(message());
    expect(result).toEqual({ ok: true, providerMessageId: 'm1' });
    expect(fake.sent).toEqual([
      {
        credentials: { apiKey: 'KEY', senderName: ' Salon ' },
        input: {
          idempotencyKey: 'row-1',
          to: '79161234567',
          text: 'Добрый день!',
          senderName: 'Salon',
          reportUrl: null,
        },
      },
    ]);
    expect(rec.acks).toEqual([['m1', 'server']]);
    await session.close();
  });

  it('gives the provider the instance’s report URL when the installation has one', async () => {
    const { fake, session } = await openSession({ reportUrl: (i) => `https://salon.example/r/${i.id}` });
    await session.send(message());
    expect(fake.sent[0]?.input.reportUrl).toBe('https://salon.example/r/ch-1');
    await session.close();
  });

  it('passes the failure through and acks nothing when the provider refuses', async () => {
    const { session, fake, rec } = await openSession();
    fake.failSends({ ok: false, failure: 'invalid_recipient', detail: 'SMSC 7' });
    expect(await session.send(message())).toEqual({ ok: false, failure: 'invalid_recipient', detail: 'SMSC 7' });
    expect(rec.acks).toEqual([]);
  });

  it('uses the branch name as the sms.ru sender when none is stored', async () => {
    const branchName = vi.fn(() => 'Салон Ромашка');
    const { session, fake } = await openSession({ branchName }, 'smsru', JSON.stringify({ apiKey: 'k' }));
    await session.send(message());
    expect(branchName).toHaveBeenCalledWith(instance);
    expect(fake.sent[0]!.input.senderName).toBe('Салон Ромашка');
    await session.close();
  });

  it('prefers the stored sender name, and uses no fallback for other providers', async () => {
    const branchName = vi.fn(() => 'Branch');
    const stored = await openSession({ branchName }, 'smsru', JSON.stringify({ apiKey: 'k', senderName: 'Own' }));
    await stored.session.send(message());
    expect(stored.fake.sent[0]!.input.senderName).toBe('Own');

    const smsc = await openSession({ branchName }, 'smsc');
    await smsc.session.send(message());
    expect(smsc.fake.sent[0]!.input.senderName).toBeNull();
    expect(branchName).not.toHaveBeenCalled();
    await stored.session.close();
    await smsc.session.close();
  });

  it('refuses media and empty text instead of dropping the file', async () => {
    const { session, fake } = await openSession();
    const media = { fileName: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('x') };
    expect(await session.send(message({ media }))).toMatchObject({ ok: false, detail: 'media_not_supported' });
    expect(await session.send(message({ text: '  ' }))).toMatchObject({ ok: false, detail: 'empty_text' });
    expect(fake.sent).toHaveLength(0);
  });
});

describe('SMS driver: delivery reports', () => {
  it('acks delivered once, then stops asking for that message', async () => {
    const { session, fake, rec } = await openSession();
    await session.send(message());
    fake.script('m1', 'pending', 'server', 'delivered', 'failed');

    for (let i = 0; i < 5; i += 1) await session.pollNow();
    expect(rec.acks).toEqual([
      ['m1', 'server'],
      ['m1', 'delivered'],
    ]);
    expect(fake.asked).toEqual(['m1', 'm1', 'm1']);
    await session.close();
  });

  it('acks failed after server, and never lowers an ack', async () => {
    const { session, fake, rec } = await openSession();
    await session.send(message({ idempotencyKey: 'a' }));
    await session.send(message({ idempotencyKey: 'b' }));
    fake.script('m1', 'failed');
    fake.script('m2', 'read', 'delivered');
    await session.pollNow();
    await session.pollNow();
    expect(rec.acks).toEqual([
      ['m1', 'server'],
      ['m2', 'server'],
      ['m1', 'failed'],
      ['m2', 'read'],
    ]);
    await session.close();
  });

  it('keeps a message whose report could not be fetched and asks again', async () => {
    const onPollError = vi.fn();
    const { session, fake, rec } = await openSession({ onPollError });
    await session.send(message());
    fake.script('m1', new SmsProviderError('network', 'ECONNRESET'), 'delivered');
    await session.pollNow();
    expect(onPollError).toHaveBeenCalledWith(expect.any(SmsProviderError), 'm1');
    await session.pollNow();
    expect(rec.acks.at(-1)).toEqual(['m1', 'delivered']);
    await session.close();
  });

  it('gives up on messages older than the bounded age', async () => {
    let now = 1_000_000;
    const { session, fake, rec } = await openSession({ now: () => now, maxPendingAgeMs: 60_000 });
    await session.send(message());
    await session.pollNow();
    now += 61_000;
    await session.pollNow();
    await session.pollNow();
    expect(fake.asked).toEqual(['m1']);
    expect(rec.acks).toEqual([['m1', 'server']]);
    await session.close();
  });

  it('asks at most maxChecksPerPoll per poll and rotates through the rest', async () => {
    const { session, fake } = await openSession({ maxChecksPerPoll: 2 });
    for (const key of ['a', 'b', 'c']) await session.send(message({ idempotencyKey: key }));
    await session.pollNow();
    await session.pollNow();
    expect(fake.asked).toEqual(['m1', 'm2', 'm3', 'm1']);
    await session.close();
  });

  it('does not overlap polls when the gateway is slow', async () => {
    const { session, fake } = await openSession();
    await session.send(message());
    let release: (status: SmsDeliveryStatus) => void = () => undefined;
    fake.provider.status = (_c, id) => {
      fake.asked.push(id);
      return new Promise((resolve) => {
        release = resolve;
      });
    };
    const first = session.pollNow();
    await session.pollNow();
    release('delivered');
    await first;
    expect(fake.asked).toEqual(['m1']);
    await session.close();
  });

  it('resumes reports for messages tracked after a restart', async () => {
    const { session, fake, rec } = await openSession();
    session.track('old-1', new Date());
    fake.script('old-1', 'delivered');
    await session.pollNow();
    expect(rec.acks).toEqual([['old-1', 'delivered']]);
    await session.close();
  });

  it('polls on the interval and stops the loop on close', async () => {
    vi.useFakeTimers();
    const { session, fake, rec } = await openSession({ pollIntervalMs: 30_000 });
    await session.send(message());
    fake.script('m1', 'server');

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fake.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.asked).toEqual(['m1']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.asked).toEqual(['m1', 'm1']);

    await session.close();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(fake.asked).toEqual(['m1', 'm1']);
    expect(vi.getTimerCount()).toBe(0);
    expect(rec.acks).toEqual([['m1', 'server']]);
    expect(await session.send(message())).toMatchObject({ ok: false, failure: 'not_connected' });
  });

  it('stops the loop when nothing is pending and restarts it on the next send', async () => {
    vi.useFakeTimers();
    const { session, fake } = await openSession({ pollIntervalMs: 1000 });
    expect(vi.getTimerCount()).toBe(0);
    await session.send(message());
    fake.script('m1', 'delivered');
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.getTimerCount()).toBe(0);
    await session.send(message({ idempotencyKey: 'row-2' }));
    expect(vi.getTimerCount()).toBe(1);
    await session.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logout stops the loop and reports the session as not authenticated', async () => {
    vi.useFakeTimers();
    const { session, fake, rec } = await openSession({ pollIntervalMs: 1000 });
    await session.send(message());
    await session.logout();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.asked).toEqual([]);
    expect(rec.statuses.at(-1)).toEqual({ status: 'not_authenticated', detail: { reason: 'logged_out' } });
    expect(await session.send(message())).toMatchObject({ ok: false, failure: 'not_connected' });
  });
});
