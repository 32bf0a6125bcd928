import { Api, helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import { FakeTelegramClient, user } from '../../../test-support/telegram-gramjs/fake-telegram-client.js';
import { flush, openSession, type Opened } from '../../../test-support/telegram-gramjs/harness.js';

const me = user({ id: 1, phone: '79990000001', firstName: 'Salon' });
const olga = user({ id: 2001, phone: '79161234567', firstName: 'Olga', lastName: 'Ivanova' });
const hidden = user({ id: 2002, firstName: 'Ghost' });
const bot = user({ id: 2003, firstName: 'Some bot', bot: true });
const DATE = Date.parse('2026-01-15T09:30:00Z') / 1000;

async function loggedIn(): Promise<Opened> {
  const users = [olga, hidden, bot];
  return openSession({
    credentials: 'stored',
    client: (session) =>
      new FakeTelegramClient(session, { me }).on(Api.users.GetUsers, (request) => {
        if (request.id.some((id) => id instanceof Api.InputUserSelf)) return [me];
        return users.filter((u) => request.id.some((id) => helpers.returnBigInt(id.toString()).equals(u.id)));
      }),
  });
}

function incoming(
  from: Api.User,
  fields: { id?: number; message?: string; media?: Api.TypeMessageMedia; out?: boolean } = {},
) {
  return new Api.UpdateNewMessage({
    message: new Api.Message({
      id: fields.id ?? 55,
      out: fields.out,
      peerId: new Api.PeerUser({ userId: from.id }),
      date: DATE,
      message: fields.message ?? '',
      media: fields.media,
    }),
    pts: 1,
    ptsCount: 1,
  });
}

describe('telegram inbound messages', () => {
  it('maps a text message from a contact to the sender phone and name', async () => {
    const { client, recorded } = await loggedIn();
    client.push(incoming(olga, { id: 55, message: 'Can I move my visit?' }));
    await flush();
    expect(recorded.inbound).toEqual([
      {
        providerMessageId: '55',
        from: '79161234567',
        name: 'Olga Ivanova',
        at: new Date('2026-01-15T09:30:00Z'),
        type: 'text',
        body: 'Can I move my visit?',
        caption: null,
        file: null,
      },
    ]);
  });

  it('uses tg<user id> for a sender who hides the number', async () => {
    const { client, recorded } = await loggedIn();
    client.push(
      new Api.UpdateShortMessage({ id: 56, userId: hidden.id, message: 'hi', pts: 1, ptsCount: 1, date: DATE }),
    );
    await flush();
    expect(recorded.inbound).toMatchObject([
      { providerMessageId: '56', from: 'tg2002', name: 'Ghost', type: 'text', body: 'hi' },
    ]);
  });

  it('describes photos and documents with their caption, name, type and size', async () => {
    const { client, recorded } = await loggedIn();
    const photo = new Api.Photo({
      id: helpers.returnBigInt(9001),
      accessHash: helpers.returnBigInt(1),
      fileReference: Buffer.alloc(0),
      date: DATE,
      dcId: 2,
      sizes: [
        new Api.PhotoSize({ type: 'm', w: 320, h: 240, size: 12_000 }),
        new Api.PhotoSizeProgressive({ type: 'y', w: 1280, h: 960, sizes: [20_000, 80_000, 150_000] }),
      ],
    });
    const document = new Api.Document({
      id: helpers.returnBigInt(9002),
      accessHash: helpers.returnBigInt(1),
      fileReference: Buffer.alloc(0),
      date: DATE,
      mimeType: 'application/pdf',
      size: helpers.returnBigInt(345_678),
      dcId: 2,
      attributes: [new Api.DocumentAttributeFilename({ fileName: 'referral.pdf' })],
    });
    client.push(incoming(olga, { id: 60, message: 'my nails', media: new Api.MessageMediaPhoto({ photo }) }));
    client.push(incoming(olga, { id: 61, media: new Api.MessageMediaDocument({ document }) }));
    await flush();

    expect(recorded.inbound.map(({ type, body, caption, file }) => ({ type, body, caption, file }))).toEqual([
      {
        type: 'file',
        body: 'my nails',
        caption: 'my nails',
        file: { fileName: 'photo_9001.jpg', contentType: 'image/jpeg', size: 150_000 },
      },
      {
        type: 'file',
        body: '',
        caption: null,
        file: { fileName: 'referral.pdf', contentType: 'application/pdf', size: 345_678 },
      },
    ]);
  });

  it('maps locations and shared contacts', async () => {
    const { client, recorded } = await loggedIn();
    const geo = new Api.GeoPoint({ lat: 55.7558, long: 37.6173, accessHash: helpers.returnBigInt(0) });
    client.push(incoming(olga, { id: 70, media: new Api.MessageMediaGeo({ geo }) }));
    client.push(
      incoming(olga, {
        id: 71,
        media: new Api.MessageMediaContact({
          phoneNumber: '+7 916 765-43-21',
          firstName: 'Maria',
          lastName: '',
          vcard: '',
          userId: helpers.returnBigInt(0),
        }),
      }),
    );
    await flush();
    expect(recorded.inbound).toMatchObject([
      { providerMessageId: '70', type: 'geo', body: '55.7558,37.6173', file: null },
      { providerMessageId: '71', type: 'contact', body: 'Maria 79167654321', file: null },
    ]);
  });

  it('ignores our own messages, groups, bots and Telegram service notices', async () => {
    const { client, recorded } = await loggedIn();
    const telegram = user({ id: 777000, firstName: 'Telegram' });
    client.push(incoming(olga, { message: 'sent from our other device', out: true }));
    client.push(
      new Api.UpdateNewMessage({
        message: new Api.Message({
          id: 80,
          peerId: new Api.PeerChat({ chatId: helpers.returnBigInt(5) }),
          date: DATE,
          message: 'group',
        }),
        pts: 1,
        ptsCount: 1,
      }),
    );
    client.push(incoming(bot, { message: 'beep' }));
    client.push(incoming(telegram, { message: 'Login code: 12345' }));
    client.push(incoming(olga, { id: 81, message: 'real one' }));
    await flush();
    expect(recorded.inbound.map((m) => m.providerMessageId)).toEqual(['81']);
  });

  it('keeps Telegram order even when the first sender needs a lookup', async () => {
    const { client, recorded } = await loggedIn();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    client.once(Api.users.GetUsers, async () => {
      await gate;
      return [olga];
    });
    client.push(incoming(olga, { id: 90, message: 'first' }));
    client.push(
      new Api.UpdateShortMessage({ id: 91, userId: olga.id, message: 'second', pts: 1, ptsCount: 1, date: DATE }),
    );
    await flush();
    expect(recorded.inbound).toEqual([]);
    release();
    await flush();
    expect(recorded.inbound.map((m) => m.body)).toEqual(['first', 'second']);
    // One lookup served both.
    expect(client.requestsOf(Api.users.GetUsers).filter((r) => !(r.id[0] instanceof Api.InputUserSelf))).toHaveLength(
      1,
    );
  });
});

describe('telegram read marks', () => {
  const affected = () => new Api.messages.AffectedMessages({ pts: 2, ptsCount: 1 });

  it('marks a sender’s chat read up to the highest of the given messages', async () => {
    const { client, session } = await loggedIn();
    client.on(Api.messages.ReadHistory, affected);
    client.push(incoming(olga, { id: 55, message: 'Сколько стоит стрижка?' }));
    client.push(incoming(olga, { id: 57, message: 'И маникюр' }));
    client.push(
      new Api.UpdateShortMessage({ id: 58, userId: hidden.id, message: 'hi', pts: 1, ptsCount: 1, date: DATE }),
    );
    await flush();
    await session.markRead!('79161234567', ['57', '55']);
    await session.markRead!('tg2002', ['58']);
    const reads = client.requestsOf(Api.messages.ReadHistory);
    expect(reads.map((r) => [r.peer, r.maxId])).toEqual([
      [new Api.InputPeerUser({ userId: olga.id, accessHash: olga.accessHash! }), 57],
      [new Api.InputPeerUser({ userId: hidden.id, accessHash: hidden.accessHash! }), 58],
    ]);
  });

  it('finds a chat it has not seen by phone, and leaves an unknown Telegram id alone', async () => {
    const { client, session } = await loggedIn();
    client.on(Api.messages.ReadHistory, affected);
    client.on(
      Api.contacts.ImportContacts,
      (request) =>
        new Api.contacts.ImportedContacts({
          imported: [new Api.ImportedContact({ userId: olga.id, clientId: request.contacts[0]!.clientId })],
          popularInvites: [],
          retryContacts: [],
          users: [olga],
        }),
    );
    await session.markRead!('79161234567', ['12']);
    await session.markRead!('tg999', ['13']);
    await session.markRead!('79161234567', ['not-an-id']);
    expect(client.requestsOf(Api.contacts.ImportContacts)).toHaveLength(1);
    expect(client.requestsOf(Api.messages.ReadHistory).map((r) => r.maxId)).toEqual([12]);
  });
});
