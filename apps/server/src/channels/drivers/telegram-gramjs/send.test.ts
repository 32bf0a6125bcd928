import { createHash } from 'node:crypto';
import { Api, helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import type { OutboundMessage } from '../../channel.js';
import { FakeTelegramClient, rpcError, user } from '../../../test-support/telegram-gramjs/fake-telegram-client.js';
import { randomIdFor } from './random-id.js';
import { flush, lastStatus, openSession, type Opened } from '../../../test-support/telegram-gramjs/harness.js';

const me = user({ id: 1, phone: '79990000001', firstName: 'Salon' });
const olga = user({ id: 777001, phone: '79161234567', firstName: 'Olga' });

function message(fields: Partial<OutboundMessage> = {}): OutboundMessage {
  return { idempotencyKey: 'outbox-1', to: '79161234567', text: 'Hello, Olga!', media: null, ...fields };
}

// A logged-in session where +79161234567 is Olga; sent messages get ids 100, 101, ...
async function loggedIn(now?: () => Date): Promise<Opened> {
  let nextId = 100;
  const opened = await openSession({
    credentials: 'stored-session',
    now,
    client: (session) => {
      const client = new FakeTelegramClient(session, { me });
      client.on(Api.contacts.ImportContacts, (request) => {
        const contact = request.contacts[0];
        if (!(contact instanceof Api.InputPhoneContact) || contact.phone !== '79161234567') {
          return new Api.contacts.ImportedContacts({ imported: [], popularInvites: [], retryContacts: [], users: [] });
        }
        return new Api.contacts.ImportedContacts({
          imported: [new Api.ImportedContact({ userId: olga.id, clientId: contact.clientId })],
          popularInvites: [],
          retryContacts: [],
          users: [olga],
        });
      });
      client.on(
        Api.messages.SendMessage,
        () => new Api.UpdateShortSentMessage({ id: nextId++, pts: 1, ptsCount: 1, date: 0 }),
      );
      client.on(Api.messages.SendMedia, (request) => {
        const id = nextId++;
        return new Api.Updates({
          updates: [
            new Api.UpdateMessageID({ id, randomId: request.randomId }),
            new Api.UpdateNewMessage({
              message: new Api.Message({
                id,
                out: true,
                peerId: new Api.PeerUser({ userId: olga.id }),
                date: 0,
                message: '',
              }),
              pts: 1,
              ptsCount: 1,
            }),
          ],
          users: [],
          chats: [],
          date: 0,
          seq: 0,
        });
      });
      return client;
    },
  });
  expect(lastStatus(opened.recorded)).toEqual({ status: 'authenticated', phone: '79990000001' });
  return opened;
}

describe('random_id', () => {
  it('is the same signed 64-bit number for the same idempotency key, and differs between keys', () => {
    const a = randomIdFor('outbox-42');
    expect(randomIdFor('outbox-42').equals(a)).toBe(true);
    expect(randomIdFor('outbox-43').equals(a)).toBe(false);
    expect(a.greaterOrEquals(helpers.returnBigInt('-9223372036854775808'))).toBe(true);
    expect(a.lesserOrEquals(helpers.returnBigInt('9223372036854775807'))).toBe(true);
    // First 8 bytes of sha256('outbox-42'), big-endian, two's complement.
    expect(a.toString()).toBe(BigInt.asIntN(64, BigInt(`0x${sha256Hex('outbox-42').slice(0, 16)}`)).toString());
  });

  it('is what a resend after a crash carries, so Telegram can drop the duplicate', async () => {
    const first = await loggedIn();
    await first.session.send(message({ idempotencyKey: 'outbox-9' }));
    // Another process picks the row up again after a crash.
    const second = await loggedIn();
    second.client.on(Api.messages.SendMessage, rpcError('RANDOM_ID_DUPLICATE', 500));
    const result = await second.session.send(message({ idempotencyKey: 'outbox-9' }));

    const [sentFirst] = first.client.requestsOf(Api.messages.SendMessage);
    const [sentSecond] = second.client.requestsOf(Api.messages.SendMessage);
    expect(sentFirst?.randomId?.equals(randomIdFor('outbox-9'))).toBe(true);
    expect(sentSecond?.randomId?.equals(sentFirst?.randomId ?? 0)).toBe(true);
    // The client already has it: not a failure, and nothing for the core to resend or fall back on.
    expect(result.ok).toBe(true);
  });
});

describe('telegram send', () => {
  it('finds the user by phone once, sends with the derived random_id and acks delivered', async () => {
    const { session, client, recorded } = await loggedIn();

    const first = await session.send(message());
    const second = await session.send(message({ idempotencyKey: 'outbox-2', text: 'See you tomorrow' }));

    expect(first).toEqual({ ok: true, providerMessageId: '100' });
    expect(second).toEqual({ ok: true, providerMessageId: '101' });
    const imports = client.requestsOf(Api.contacts.ImportContacts);
    expect(imports).toHaveLength(1);
    expect(imports[0]?.contacts[0]).toMatchObject({ phone: '79161234567' });
    const [sent] = client.requestsOf(Api.messages.SendMessage);
    expect(sent?.message).toBe('Hello, Olga!');
    expect(sent?.peer).toBeInstanceOf(Api.InputPeerUser);
    expect(sent?.peer).toMatchObject({ userId: olga.id, accessHash: olga.accessHash });
    expect(sent?.randomId?.equals(randomIdFor('outbox-1'))).toBe(true);

    await flush();
    expect(recorded.acks).toEqual([
      { id: '100', ack: 'delivered' },
      { id: '101', ack: 'delivered' },
    ]);
  });

  it('shares one contact import between overlapping sends to a new number', async () => {
    const { session, client } = await loggedIn();
    const results = await Promise.all([
      session.send(message({ idempotencyKey: 'x1' })),
      session.send(message({ idempotencyKey: 'x2' })),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(client.requestsOf(Api.contacts.ImportContacts)).toHaveLength(1);
  });

  it('uploads media and sends it with the text as caption', async () => {
    const { session, client } = await loggedIn();
    const photo = Buffer.from('jpeg bytes');
    const pdf = Buffer.from('%PDF-1.7');

    const sentPhoto = await session.send(
      message({ media: { fileName: 'promo.jpg', contentType: 'image/jpeg', data: photo } }),
    );
    const sentPdf = await session.send(
      message({
        idempotencyKey: 'outbox-2',
        text: 'Price list',
        media: { fileName: 'prices.pdf', contentType: 'application/pdf', data: pdf },
      }),
    );

    expect(sentPhoto).toEqual({ ok: true, providerMessageId: '100' });
    expect(sentPdf).toEqual({ ok: true, providerMessageId: '101' });
    expect(client.uploads.map((f) => [f.name, f.size, f.buffer?.toString()])).toEqual([
      ['promo.jpg', photo.length, 'jpeg bytes'],
      ['prices.pdf', pdf.length, '%PDF-1.7'],
    ]);
    const [photoRequest, pdfRequest] = client.requestsOf(Api.messages.SendMedia);
    expect(photoRequest?.media).toBeInstanceOf(Api.InputMediaUploadedPhoto);
    expect(photoRequest?.message).toBe('Hello, Olga!');
    expect(photoRequest?.randomId?.equals(randomIdFor('outbox-1'))).toBe(true);
    expect(pdfRequest?.media).toBeInstanceOf(Api.InputMediaUploadedDocument);
    expect(pdfRequest?.media).toMatchObject({
      mimeType: 'application/pdf',
      attributes: [expect.objectContaining({ fileName: 'prices.pdf' })],
    });
    expect(pdfRequest?.message).toBe('Price list');
    expect(client.requestsOf(Api.messages.SendMessage)).toHaveLength(0);
  });

  it('says not_on_channel for a number without Telegram and does not ask again for hours', async () => {
    let now = new Date('2026-01-15T09:00:00Z');
    const { session, client } = await loggedIn(() => now);

    await expect(session.send(message({ to: '79000000000' }))).resolves.toMatchObject({
      ok: false,
      failure: 'not_on_channel',
    });
    await expect(session.send(message({ to: '79000000000' }))).resolves.toMatchObject({
      ok: false,
      failure: 'not_on_channel',
    });
    expect(client.requestsOf(Api.contacts.ImportContacts)).toHaveLength(1);

    now = new Date('2026-01-15T16:00:00Z');
    await session.send(message({ to: '79000000000' }));
    expect(client.requestsOf(Api.contacts.ImportContacts)).toHaveLength(2);
    expect(client.requestsOf(Api.messages.SendMessage)).toHaveLength(0);
  });

  it('reports PEER_FLOOD as rate_limited and puts the channel in error until a send works again', async () => {
    const { session, client, recorded } = await loggedIn();
    client.once(Api.messages.SendMessage, rpcError('PEER_FLOOD'));

    await expect(session.send(message())).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      detail: 'PEER_FLOOD',
    });
    expect(lastStatus(recorded)).toEqual({ status: 'error', reason: 'peer_flood' });

    await expect(session.send(message({ idempotencyKey: 'outbox-2' }))).resolves.toMatchObject({ ok: true });
    expect(lastStatus(recorded)).toEqual({ status: 'authenticated', phone: '79990000001' });
  });

  it('maps provider errors to the port failures', async () => {
    const { session, client } = await loggedIn();
    const cases: [string, number, object][] = [
      ['FLOOD_WAIT_120', 420, { failure: 'rate_limited', retryAfterMs: 120_000 }],
      ['USER_PRIVACY_RESTRICTED', 403, { failure: 'not_on_channel' }],
      ['PEER_ID_INVALID', 400, { failure: 'not_on_channel' }],
      ['USER_BANNED_IN_CHANNEL', 400, { failure: 'banned' }],
      ['PHONE_NUMBER_BANNED', 400, { failure: 'banned' }],
      ['MESSAGE_TOO_LONG', 400, { failure: 'provider_error', detail: 'MESSAGE_TOO_LONG' }],
    ];
    for (const [errorMessage, code, expected] of cases) {
      client.once(Api.messages.SendMessage, rpcError(errorMessage, code));
      await expect(session.send(message({ idempotencyKey: errorMessage })), errorMessage).resolves.toMatchObject({
        ok: false,
        ...expected,
      });
    }
  });

  it('refuses to send before login, and to malformed numbers', async () => {
    const { session, client } = await openSession();
    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_connected' });
    expect(client.requestsOf(Api.contacts.ImportContacts)).toHaveLength(0);

    const logged = await loggedIn();
    await expect(logged.session.send(message({ to: '123' }))).resolves.toMatchObject({
      ok: false,
      failure: 'invalid_recipient',
    });
  });

  it('drops the stored session when Telegram says the authorization is gone', async () => {
    const { session, client, recorded } = await loggedIn();
    client.once(Api.messages.SendMessage, rpcError('SESSION_REVOKED', 401));

    await expect(session.send(message())).resolves.toMatchObject({ ok: false, failure: 'not_connected' });
    expect(recorded.credentials).toEqual(['']);
    expect(lastStatus(recorded)).toEqual({ status: 'not_authenticated', reason: 'SESSION_REVOKED' });
    await expect(session.send(message({ idempotencyKey: 'outbox-2' }))).resolves.toMatchObject({
      failure: 'not_connected',
    });
  });
});

describe('telegram read receipts', () => {
  it('acks read for the messages the read marker of that chat covers', async () => {
    const { session, client, recorded } = await loggedIn();
    await session.send(message({ idempotencyKey: 'a' }));
    await session.send(message({ idempotencyKey: 'b' }));
    await flush();

    const readUpTo = (userId: Api.User['id'], maxId: number) =>
      new Api.UpdateReadHistoryOutbox({ peer: new Api.PeerUser({ userId }), maxId, pts: 1, ptsCount: 1 });
    client.push(readUpTo(helpers.returnBigInt(999), 500));
    client.push(readUpTo(olga.id, 100));
    expect(recorded.acks.filter((a) => a.ack === 'read')).toEqual([{ id: '100', ack: 'read' }]);

    client.push(readUpTo(olga.id, 101));
    client.push(readUpTo(olga.id, 101));
    expect(recorded.acks.filter((a) => a.ack === 'read')).toEqual([
      { id: '100', ack: 'read' },
      { id: '101', ack: 'read' },
    ]);
  });
});

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
