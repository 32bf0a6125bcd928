import {
  proto,
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelStatus } from '@salon/contract/accounts';
import type { Ack, ChannelEvents, ChannelSession, InboundMessage, OutboundMessage } from '../../channel.js';
import { messageIdFor } from './message-id.js';
import type { WhatsappSocket } from './socket.js';
import { whatsappBaileysDriver } from './whatsapp-baileys-driver.js';

// Everything below runs the real driver against a fake Baileys socket: the boundary is makeSocket.

const T0 = new Date('2026-03-01T10:00:00Z');
const OWN_PHONE = '79990001122';
const CLIENT = '79161234567';
const CLIENT_JID = `${CLIENT}@s.whatsapp.net`;

type Listener = (arg: never) => void;

class FakeEvents {
  readonly #listeners = new Map<keyof BaileysEventMap, Set<Listener>>();

  on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void {
    const set = this.#listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.#listeners.set(event, set);
  }

  off<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void {
    this.#listeners.get(event)?.delete(listener);
  }

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      (listener as (value: BaileysEventMap[E]) => void)(arg);
    }
  }

  count(event: keyof BaileysEventMap): number {
    return this.#listeners.get(event)?.size ?? 0;
  }
}

function closedWith(statusCode: number): Error {
  return Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } });
}

class FakeSocket implements WhatsappSocket {
  readonly ev = new FakeEvents();
  user: Contact | undefined = undefined;
  readonly requestPairingCode = vi.fn(async (_phone: string) => 'ABCD1234');
  readonly sendMessage = vi.fn(
    async (jid: string, _content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage> => ({
      key: { id: options?.messageId ?? 'RANDOM', remoteJid: jid, fromMe: true },
    }),
  );
  readonly onWhatsApp = vi.fn(async (jid: string) => [{ jid, exists: true }]);
  readonly sendPresenceUpdate = vi.fn(async () => undefined);
  readonly readMessages = vi.fn(async (_keys: WAMessageKey[]) => undefined);
  // Like Baileys: logging out ends the socket with 401, ending it closes with 428.
  readonly logout = vi.fn(async () => this.close(401));
  readonly end = vi.fn(async (_error: Error | undefined) => this.close(428));

  constructor(readonly config: UserFacingSocketConfig) {}

  qr(value: string): void {
    this.ev.emit('connection.update', { qr: value });
  }

  open(phone = OWN_PHONE): void {
    this.user = { id: `${phone}:7@s.whatsapp.net`, name: 'Salon' };
    this.ev.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number): void {
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: closedWith(statusCode), date: new Date() },
    });
  }
}

interface Recorded {
  statuses: { status: ChannelStatus; detail?: { reason?: string; phone?: string } }[];
  qrs: { value: string; expiresAt: Date }[];
  credentials: string[];
  acks: { id: string; ack: Ack }[];
  inbound: InboundMessage[];
}

function setup(options: { credentials?: string | null; random?: number; typingMs?: number } = {}) {
  const sockets: FakeSocket[] = [];
  const sleeps: number[] = [];
  const recorded: Recorded = { statuses: [], qrs: [], credentials: [], acks: [], inbound: [] };
  const events: ChannelEvents = {
    status: (status, detail) => recorded.statuses.push(detail ? { status, detail } : { status }),
    qr: (value, expiresAt) => recorded.qrs.push({ value, expiresAt }),
    credentials: (serialized) => recorded.credentials.push(serialized),
    ack: (id, ack) => {
      recorded.acks.push({ id, ack });
    },
    inbound: (message) => {
      recorded.inbound.push(message);
    },
    subscriber: () => Promise.resolve(null),
  };
  const driver = whatsappBaileysDriver({
    logger: pino({ level: 'silent' }),
    makeSocket: (config) => {
      const socket = new FakeSocket(config);
      sockets.push(socket);
      return socket;
    },
    random: () => options.random ?? 0.5,
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
    typingMs: options.typingMs ?? 0,
  });
  const open = (): Promise<ChannelSession> =>
    driver.open({ id: 'wa-1', accId: 42 }, options.credentials ?? null, events);
  const latest = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was made');
    return socket;
  };
  const statusNames = (): ChannelStatus[] => recorded.statuses.map((s) => s.status);
  return { driver, open, sockets, sleeps, recorded, latest, statusNames };
}

async function linkedSession(options: { typingMs?: number } = {}) {
  const h = setup(options);
  const session = await h.open();
  h.latest().open();
  return { ...h, session };
}

function outbound(key: string, extra: Partial<OutboundMessage> = {}): OutboundMessage {
  return { idempotencyKey: key, to: CLIENT, text: 'Hello, Anna', media: null, ...extra };
}

function incoming(message: Partial<WAMessage> & { key?: WAMessage['key'] }): WAMessage {
  return {
    key: { id: 'IN-1', remoteJid: CLIENT_JID, fromMe: false },
    pushName: 'Anna',
    messageTimestamp: Math.floor(T0.getTime() / 1000) - 60,
    ...message,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('whatsapp baileys driver: login', () => {
  it('is the whatsapp driver of the baileys provider and connects on open', async () => {
    const h = setup();
    expect(h.driver.kind).toBe('whatsapp');
    expect(h.driver.provider).toBe('baileys');
    await h.open();
    expect(h.sockets).toHaveLength(1);
    expect(h.statusNames()).toEqual(['loading']);
    expect(h.latest().config.markOnlineOnConnect).toBe(false);
  });

  it('reports the first QR for 60 s and each refreshed one for 20 s', async () => {
    const h = setup();
    await h.open();
    h.latest().qr('qr-1');
    expect(h.recorded.qrs).toEqual([{ value: 'qr-1', expiresAt: new Date(T0.getTime() + 60_000) }]);
    expect(h.statusNames()).toEqual(['loading', 'got qr code']);

    await vi.advanceTimersByTimeAsync(60_000);
    h.latest().qr('qr-2');
    expect(h.recorded.qrs[1]).toEqual({ value: 'qr-2', expiresAt: new Date(T0.getTime() + 80_000) });
    // A refresh is not a new status.
    expect(h.statusNames()).toEqual(['loading', 'got qr code']);
  });

  it('answers the QR step with the live QR, or waits for the first one', async () => {
    const h = setup();
    const session = await h.open();
    const pending = session.login({ step: 'qr' });
    await vi.advanceTimersByTimeAsync(3_000);
    h.latest().qr('qr-1');
    await expect(pending).resolves.toEqual({
      result: 'qr',
      qr: 'qr-1',
      expiresAt: new Date(T0.getTime() + 63_000),
    });
    await expect(session.login({ step: 'qr' })).resolves.toMatchObject({ result: 'qr', qr: 'qr-1' });
  });

  it('gives up waiting for a QR after 15 s', async () => {
    const h = setup();
    const session = await h.open();
    const pending = session.login({ step: 'qr' });
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ result: 'error', error: 'provider_error', detail: 'qr_timeout' });
  });

  it('reports authentication with the own phone, and then the QR step succeeds at once', async () => {
    const { session, recorded } = await linkedSession();
    expect(recorded.statuses.at(-1)).toEqual({ status: 'authenticated', detail: { phone: OWN_PHONE } });
    await expect(session.login({ step: 'qr' })).resolves.toEqual({ result: 'auth_success' });
  });

  it('requests a pairing code once the socket shows a QR, and reuses it for the same phone', async () => {
    const h = setup();
    const session = await h.open();
    const pending = session.login({ step: 'pairing_code', phone: CLIENT });
    await vi.advanceTimersByTimeAsync(0);
    // Not before the socket talks to WhatsApp: Baileys would fail with 'Connection Closed'.
    expect(h.latest().requestPairingCode).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    h.latest().qr('qr-1');
    const expected = { result: 'pairing_code', code: 'ABCD1234', expiresAt: new Date(T0.getTime() + 162_000) };
    await expect(pending).resolves.toEqual(expected);
    expect(h.latest().requestPairingCode).toHaveBeenCalledWith(CLIENT);

    await vi.advanceTimersByTimeAsync(10_000);
    await expect(session.login({ step: 'pairing_code', phone: CLIENT })).resolves.toEqual(expected);
    expect(h.latest().requestPairingCode).toHaveBeenCalledTimes(1);
    await expect(session.login({ step: 'pairing_code', phone: '79160000000' })).resolves.toEqual({
      result: 'error',
      error: 'too_soon',
      retryAfterMs: 150_000,
    });
  });

  it('refuses malformed phones and the steps WhatsApp does not have', async () => {
    const { open, latest } = setup();
    const session = await open();
    for (const phone of ['+79161234567', '7916123', '7916-123-45-67', '1234567890123456']) {
      await expect(session.login({ step: 'pairing_code', phone })).resolves.toEqual({
        result: 'error',
        error: 'invalid_phone',
      });
    }
    await expect(session.login({ step: 'phone', phone: CLIENT })).resolves.toMatchObject({ error: 'not_supported' });
    await expect(session.login({ step: 'code', code: '12345' })).resolves.toMatchObject({ error: 'not_supported' });
    await expect(session.login({ step: 'password', password: 'x' })).resolves.toMatchObject({
      error: 'not_supported',
    });
    expect(latest().requestPairingCode).not.toHaveBeenCalled();
  });

  it('passes a provider failure of the pairing request on as provider_error', async () => {
    const h = setup();
    const session = await h.open();
    h.latest().qr('qr-1');
    h.latest().requestPairingCode.mockRejectedValueOnce(new Error('bad-request'));
    await expect(session.login({ step: 'pairing_code', phone: CLIENT })).resolves.toEqual({
      result: 'error',
      error: 'provider_error',
      detail: 'bad-request',
    });
  });
});

describe('whatsapp baileys driver: connection drops', () => {
  it('reconnects at once after the restart that follows a scan (515)', async () => {
    const h = setup();
    await h.open();
    h.latest().qr('qr-1');
    h.latest().close(515);
    expect(h.sockets).toHaveLength(2);
    expect(h.sleeps.filter((ms) => ms !== 150)).toEqual([]);
    h.latest().open();
    expect(h.statusNames()).toEqual(['loading', 'got qr code', 'loading', 'authenticated']);
  });

  it('stops on 401 with fresh credentials and never reconnects', async () => {
    const h = await linkedSession();
    const firstSocket = h.latest();
    const oldKey = Buffer.from(firstSocket.config.auth.creds.noiseKey.private);
    firstSocket.close(401);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', detail: { reason: 'logged_out' } });
    expect(h.recorded.credentials).toHaveLength(1);
    const fresh = JSON.parse(h.recorded.credentials[0] ?? '{}') as { creds: { registered: boolean; me?: unknown } };
    expect(fresh.creds.registered).toBe(false);
    expect(fresh.creds.me).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.sockets).toHaveLength(1);
    await expect(h.session.send(outbound('row-1'))).resolves.toEqual({ ok: false, failure: 'not_connected' });

    // A new login starts over with the fresh credentials.
    const pending = h.session.login({ step: 'qr' });
    expect(h.sockets).toHaveLength(2);
    expect(Buffer.from(h.latest().config.auth.creds.noiseKey.private).equals(oldKey)).toBe(false);
    h.latest().qr('qr-new');
    await expect(pending).resolves.toMatchObject({ result: 'qr', qr: 'qr-new' });
  });

  it('reports a ban (403) and stays down', async () => {
    const h = await linkedSession();
    h.latest().close(403);
    expect(h.statusNames().at(-1)).toBe('blocked');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('backs off with jitter on other drops and pauses after five drops within 30 s', async () => {
    const h = setup({ random: 0.5 });
    const session = await h.open();
    h.latest().open();
    const delays: number[] = [];
    for (let drop = 1; drop <= 4; drop++) {
      const socketsBefore = h.sockets.length;
      const sleepsBefore = h.sleeps.length;
      h.latest().close(428);
      expect(h.statusNames().at(-1)).toBe('loading');
      const delay = h.sleeps.slice(sleepsBefore).find((ms) => ms !== 150) ?? -1;
      delays.push(delay);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(h.sockets).toHaveLength(socketsBefore);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.sockets).toHaveLength(socketsBefore + 1);
    }
    // Half of 1 s, 2 s, 4 s, 8 s: the jitter draw is 0.5 of the doubling ceiling.
    expect(delays).toEqual([500, 1_000, 2_000, 4_000]);

    h.latest().close(428);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'error', detail: { reason: 'reconnect_paused' } });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.sockets).toHaveLength(5);

    // The user asking for a QR again resumes connecting.
    void session.login({ step: 'qr' });
    expect(h.sockets).toHaveLength(6);
  });

  it('stops when the QR refs run out unscanned (408) and starts clean on the next login', async () => {
    const h = setup();
    const session = await h.open();
    h.latest().qr('qr-1');
    await session.login({ step: 'pairing_code', phone: CLIENT });
    // What Baileys does in requestPairingCode: it names the device after the phone before any link.
    h.latest().ev.emit('creds.update', { me: { id: `${CLIENT}@s.whatsapp.net`, name: '~' } });
    h.latest().close(408);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', detail: { reason: 'qr_expired' } });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.sockets).toHaveLength(1);

    void session.login({ step: 'qr' });
    expect(h.sockets).toHaveLength(2);
    expect(h.latest().config.auth.creds.me).toBeUndefined();
  });

  it('skips the rest of a backoff when the user asks to log in', async () => {
    const h = setup({ random: 0.999 });
    const session = await h.open();
    for (let drop = 0; drop < 3; drop++) {
      h.latest().close(428);
      await vi.advanceTimersByTimeAsync(8_000);
    }
    h.latest().close(428);
    expect(h.sockets).toHaveLength(4);
    const pending = session.login({ step: 'qr' });
    expect(h.sockets).toHaveLength(5);
    h.latest().qr('qr-1');
    await expect(pending).resolves.toMatchObject({ result: 'qr', qr: 'qr-1' });
  });

  it('keeps the drawn delay below the 60 s ceiling', async () => {
    const h = setup({ random: 0.999_999 });
    await h.open();
    h.latest().close(428);
    const delay = h.sleeps.find((ms) => ms !== 150) ?? -1;
    expect(delay).toBeGreaterThanOrEqual(999);
    expect(delay).toBeLessThan(1_000);
  });
});

describe('whatsapp baileys driver: sending', () => {
  it('sends with a message id derived from the idempotency key', async () => {
    const { session, latest } = await linkedSession();
    const first = await session.send(outbound('outbox-1'));
    const again = await session.send(outbound('outbox-1'));
    const other = await session.send(outbound('outbox-2'));
    const ids = latest().sendMessage.mock.calls.map((call) => call[2]?.messageId);
    expect(ids[0]).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(ids[0]).toBe(messageIdFor('outbox-1'));
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(first).toEqual({ ok: true, providerMessageId: ids[0] });
    expect(again).toEqual(first);
    expect(other).toEqual({ ok: true, providerMessageId: ids[2] });
    expect(latest().sendMessage.mock.calls[0]?.slice(0, 2)).toEqual([CLIENT_JID, { text: 'Hello, Anna' }]);
  });

  it('returns not_on_channel for a number without WhatsApp and remembers the answer', async () => {
    const { session, latest } = await linkedSession();
    latest().onWhatsApp.mockResolvedValue([]);
    await expect(session.send(outbound('a'))).resolves.toEqual({ ok: false, failure: 'not_on_channel' });
    await expect(session.send(outbound('b'))).resolves.toEqual({ ok: false, failure: 'not_on_channel' });
    expect(latest().onWhatsApp).toHaveBeenCalledTimes(1);
    expect(latest().onWhatsApp).toHaveBeenCalledWith(CLIENT_JID);
    expect(latest().sendMessage).not.toHaveBeenCalled();
  });

  it('is not connected before the socket opens', async () => {
    const h = setup();
    const session = await h.open();
    await expect(session.send(outbound('a'))).resolves.toEqual({ ok: false, failure: 'not_connected' });
  });

  it('chooses the media message by content type', async () => {
    const { session, latest } = await linkedSession();
    const data = Buffer.from('bytes');
    const file = (contentType: string) => ({ media: { fileName: 'f.bin', contentType, data } });
    await session.send(outbound('img', file('image/jpeg')));
    await session.send(outbound('doc', file('application/pdf')));
    await session.send(outbound('voice', file('audio/ogg')));
    const contents = latest().sendMessage.mock.calls.map((call) => call[1]);
    expect(contents).toEqual([
      { image: data, caption: 'Hello, Anna', mimetype: 'image/jpeg' },
      { document: data, mimetype: 'application/pdf', fileName: 'f.bin', caption: 'Hello, Anna' },
      // Audio takes no caption: the text follows as its own message with its own stable id.
      { audio: data, mimetype: 'audio/ogg' },
      { text: 'Hello, Anna' },
    ]);
    const voiceIds = latest()
      .sendMessage.mock.calls.slice(2)
      .map((call) => call[2]?.messageId);
    expect(voiceIds).toEqual([messageIdFor('voice'), messageIdFor('voice#1')]);
  });

  it('shows "typing" for typingMs before the message', async () => {
    const { session, latest } = await linkedSession({ typingMs: 2_000 });
    const pending = session.send(outbound('typed'));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(latest().sendPresenceUpdate).toHaveBeenCalledWith('composing', CLIENT_JID);
    expect(latest().sendMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ ok: true });
  });

  it('maps provider errors to send failures', async () => {
    const { session, latest } = await linkedSession();
    const stanzaError = (text: string, code: number) => Object.assign(new Error(text), { data: code });
    latest().sendMessage.mockRejectedValueOnce(stanzaError('rate-overlimit', 429));
    await expect(session.send(outbound('a'))).resolves.toMatchObject({ ok: false, failure: 'rate_limited' });
    latest().sendMessage.mockRejectedValueOnce(closedWith(429));
    await expect(session.send(outbound('a2'))).resolves.toMatchObject({ ok: false, failure: 'rate_limited' });
    latest().sendMessage.mockRejectedValueOnce(stanzaError('forbidden', 403));
    await expect(session.send(outbound('b'))).resolves.toMatchObject({ ok: false, failure: 'banned' });
    latest().sendMessage.mockRejectedValueOnce(new Error('something odd'));
    await expect(session.send(outbound('c'))).resolves.toEqual({
      ok: false,
      failure: 'provider_error',
      detail: 'something odd',
    });
  });
});

describe('whatsapp baileys driver: acks and inbound', () => {
  const { Status } = proto.WebMessageInfo;

  it('maps receipts to acks and never lowers one', async () => {
    const { recorded, latest } = await linkedSession();
    const update = (id: string, status: proto.WebMessageInfo.Status, fromMe = true) =>
      latest().ev.emit('messages.update', [{ key: { id, remoteJid: CLIENT_JID, fromMe }, update: { status } }]);
    update('M1', Status.PENDING);
    update('M1', Status.SERVER_ACK);
    update('M1', Status.DELIVERY_ACK);
    update('M1', Status.SERVER_ACK);
    update('M1', Status.READ);
    update('M1', Status.DELIVERY_ACK);
    update('M1', Status.PLAYED);
    update('M1', Status.ERROR);
    update('M2', Status.PLAYED);
    update('M3', Status.SERVER_ACK);
    update('M3', Status.ERROR);
    update('M3', Status.DELIVERY_ACK);
    update('THEIRS', Status.READ, false);
    expect(recorded.acks).toEqual([
      { id: 'M1', ack: 'server' },
      { id: 'M1', ack: 'delivered' },
      { id: 'M1', ack: 'read' },
      { id: 'M2', ack: 'read' },
      { id: 'M3', ack: 'server' },
      { id: 'M3', ack: 'failed' },
    ]);
  });

  it('maps text, image with caption, location and contact messages', async () => {
    const { recorded, latest } = await linkedSession();
    const at = new Date(T0.getTime() - 60_000);
    latest().ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming({ key: { id: 'T1', remoteJid: CLIENT_JID, fromMe: false }, message: { conversation: 'Hi' } }),
        incoming({
          key: { id: 'T2', remoteJid: '123456789@lid', remoteJidAlt: CLIENT_JID, fromMe: false },
          message: { extendedTextMessage: { text: 'See https://example.com' } },
        }),
        incoming({
          key: { id: 'P1', remoteJid: CLIENT_JID, fromMe: false },
          message: {
            imageMessage: proto.Message.ImageMessage.fromObject({
              mimetype: 'image/jpeg',
              caption: 'My nails',
              fileLength: 48_213,
            }),
          },
        }),
        incoming({
          key: { id: 'G1', remoteJid: CLIENT_JID, fromMe: false },
          message: { locationMessage: { degreesLatitude: 55.7558, degreesLongitude: 37.6173 } },
        }),
        incoming({
          key: { id: 'C1', remoteJid: CLIENT_JID, fromMe: false },
          message: {
            contactMessage: {
              displayName: 'Maria',
              vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria\nTEL;type=CELL;waid=79035550011:+7 903 555-00-11\nEND:VCARD',
            },
          },
        }),
      ],
    });
    const base = { from: CLIENT, name: 'Anna', at, caption: null, file: null };
    expect(recorded.inbound).toEqual([
      { ...base, providerMessageId: 'T1', type: 'text', body: 'Hi' },
      { ...base, providerMessageId: 'T2', type: 'text', body: 'See https://example.com' },
      {
        ...base,
        providerMessageId: 'P1',
        type: 'file',
        body: 'My nails',
        caption: 'My nails',
        file: { fileName: 'image.jpeg', contentType: 'image/jpeg', size: 48_213 },
      },
      { ...base, providerMessageId: 'G1', type: 'geo', body: '55.7558,37.6173' },
      { ...base, providerMessageId: 'C1', type: 'contact', body: 'Maria 79035550011' },
    ]);
  });

  it('reports a message typed on the salon’s own phone as the salon’s, to the chat’s client', async () => {
    const { recorded, latest } = await linkedSession();
    latest().ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming({ key: { id: 'OWN1', remoteJid: CLIENT_JID, fromMe: true }, message: { conversation: 'Иду' } }),
      ],
    });
    // What this session sent comes back as 'append': not the salon typing.
    latest().ev.emit('messages.upsert', {
      type: 'append',
      messages: [
        incoming({ key: { id: 'OWN2', remoteJid: CLIENT_JID, fromMe: true }, message: { conversation: 'x' } }),
      ],
    });
    expect(recorded.inbound).toEqual([
      {
        providerMessageId: 'OWN1',
        from: CLIENT,
        name: null,
        at: new Date(T0.getTime() - 60_000),
        type: 'text',
        body: 'Иду',
        caption: null,
        file: null,
        fromSalon: true,
      },
    ]);
  });

  it('sends read receipts for a client’s messages, under the chat they came from', async () => {
    const { session, latest } = await linkedSession();
    latest().ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming({ key: { id: 'R1', remoteJid: CLIENT_JID, fromMe: false }, message: { conversation: 'Hi' } }),
        incoming({
          key: { id: 'R2', remoteJid: '123456789@lid', remoteJidAlt: CLIENT_JID, fromMe: false },
          message: { conversation: 'Price?' },
        }),
      ],
    });
    // R3 is older than this session's memory: its chat comes from the phone.
    await session.markRead!(CLIENT, ['R1', 'R2', 'R3']);
    expect(latest().readMessages).toHaveBeenCalledTimes(1);
    expect(latest().readMessages.mock.calls[0]![0]).toEqual([
      { remoteJid: CLIENT_JID, id: 'R1', fromMe: false },
      { remoteJid: '123456789@lid', id: 'R2', fromMe: false },
      { remoteJid: CLIENT_JID, id: 'R3', fromMe: false },
    ]);
    await session.markRead!('lid555', ['R4']);
    expect(latest().readMessages.mock.calls[1]![0]).toEqual([{ remoteJid: '555@lid', id: 'R4', fromMe: false }]);
  });

  it('sends no read receipt while the connection is down', async () => {
    const { session, latest } = await linkedSession();
    const socket = latest();
    socket.close(408);
    await session.markRead!(CLIENT, ['R1']);
    expect(socket.readMessages).not.toHaveBeenCalled();
  });

  it('ignores groups (own messages there too), status broadcasts and history', async () => {
    const { recorded, latest } = await linkedSession();
    const text = { conversation: 'x' };
    latest().ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming({ key: { id: 'A', remoteJid: '120363000000@g.us', fromMe: true }, message: text }),
        incoming({ key: { id: 'B', remoteJid: '120363000000@g.us', fromMe: false }, message: text }),
        incoming({ key: { id: 'C', remoteJid: 'status@broadcast', fromMe: false }, message: text }),
      ],
    });
    latest().ev.emit('messages.upsert', { type: 'append', messages: [incoming({ message: text })] });
    expect(recorded.inbound).toEqual([]);
  });
});

describe('whatsapp baileys driver: credentials, logout and close', () => {
  it('reports a burst of changes once and restores the same state from it', async () => {
    const h = setup();
    await h.open();
    const auth = h.latest().config.auth;
    const me = { id: `${OWN_PHONE}:7@s.whatsapp.net`, name: 'Salon' };
    const account = { details: Buffer.from([1, 2, 3]), accountSignature: Buffer.from([4, 5]) };
    h.latest().ev.emit('creds.update', { me, account, registered: true });
    const session = Buffer.from([9, 8, 7, 6]);
    const preKey = { public: Buffer.from([1, 1]), private: Buffer.from([2, 2]) };
    const syncKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from([5, 5, 5]) });
    await auth.keys.set({
      session: { [`${CLIENT}.0`]: session },
      'pre-key': { '1': preKey, '2': preKey },
      'app-state-sync-key': { AAAA: syncKey },
    });
    await auth.keys.set({ 'pre-key': { '2': null } });
    expect(h.recorded.credentials).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    expect(h.recorded.credentials).toHaveLength(1);
    const serialized = h.recorded.credentials[0] ?? '';

    const restored = setup({ credentials: serialized });
    await restored.open();
    const state = restored.latest().config.auth;
    expect(state.creds).toEqual(auth.creds);
    expect(Buffer.isBuffer(state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(state.creds.noiseKey.private).equals(Buffer.from(auth.creds.noiseKey.private))).toBe(true);
    expect(state.creds.account?.details).toEqual(Buffer.from([1, 2, 3]));
    expect(await state.keys.get('session', [`${CLIENT}.0`, 'unknown'])).toEqual({ [`${CLIENT}.0`]: session });
    expect(await state.keys.get('pre-key', ['1', '2'])).toEqual({ '1': preKey });
    const sync = (await state.keys.get('app-state-sync-key', ['AAAA'])).AAAA;
    expect(sync).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync?.keyData ?? []).equals(Buffer.from([5, 5, 5]))).toBe(true);

    // Serializing the restored state gives back the very same string.
    restored.latest().ev.emit('creds.update', {});
    await vi.advanceTimersByTimeAsync(150);
    expect(restored.recorded.credentials).toEqual([serialized]);
  });

  it('treats linked credentials as logged in for the pairing step', async () => {
    const h = setup();
    await h.open();
    h.latest().ev.emit('creds.update', { registered: true });
    await vi.advanceTimersByTimeAsync(150);
    const restored = setup({ credentials: h.recorded.credentials[0] ?? null });
    const session = await restored.open();
    await expect(session.login({ step: 'pairing_code', phone: CLIENT })).resolves.toEqual({ result: 'auth_success' });
    expect(restored.latest().requestPairingCode).not.toHaveBeenCalled();
  });

  it('logs out at the provider, reports fresh credentials and stays down', async () => {
    const h = await linkedSession();
    h.latest().ev.emit('creds.update', { registered: true });
    await h.session.logout();
    expect(h.latest().logout).toHaveBeenCalledTimes(1);
    expect(h.recorded.statuses.at(-1)).toEqual({ status: 'not_authenticated', detail: { reason: 'logged_out' } });
    expect(h.recorded.statuses.filter((s) => s.status === 'not_authenticated')).toHaveLength(1);
    // The pending report of the old state was dropped; only the fresh state was written.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.recorded.credentials).toHaveLength(1);
    const fresh = JSON.parse(h.recorded.credentials[0] ?? '{}') as { creds: { registered: boolean } };
    expect(fresh.creds.registered).toBe(false);
    expect(h.sockets).toHaveLength(1);
  });

  it('closes without logging out, flushes credentials and does not reconnect', async () => {
    const h = await linkedSession();
    h.latest().ev.emit('creds.update', { lastAccountSyncTimestamp: 1_772_358_000 });
    await h.session.close();
    expect(h.latest().logout).not.toHaveBeenCalled();
    expect(h.latest().end).toHaveBeenCalledTimes(1);
    expect(h.recorded.credentials).toHaveLength(1);
    expect(h.recorded.credentials[0]).toContain('1772358000');
    expect(h.latest().ev.count('connection.update')).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.statusNames().at(-1)).toBe('authenticated');
    await expect(h.session.login({ step: 'qr' })).resolves.toMatchObject({ result: 'error' });
  });
});
