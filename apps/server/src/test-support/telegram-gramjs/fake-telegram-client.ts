import { Api, errors, helpers } from 'telegram';
import type { CustomFile } from 'telegram/client/uploads.js';
import { UpdateConnectionState } from 'telegram/network/index.js';
import type { TelegramClientLike } from '../../channels/drivers/telegram-gramjs/telegram-client.js';

// Test support: a TelegramClientLike that answers invoke() by request class with scripted
// responders and lets a test push raw updates, the way GramJS hands them to addEventHandler.

type RequestClass<R extends Api.AnyRequest> = abstract new (...args: never[]) => R;
export type Responder<R extends Api.AnyRequest> = (request: R) => R['__response'] | Promise<R['__response']>;
type AnyResponder = (request: Api.AnyRequest) => unknown;

interface Script {
  matches(request: Api.AnyRequest): boolean;
  respond: AnyResponder;
}

// Throws what GramJS throws for an RPC error: FLOOD_WAIT_37 becomes a FloodWaitError (errorMessage
// 'FLOOD', seconds 37), PHONE_CODE_INVALID a plain RPCError.
export function rpcError(errorMessage: string, errorCode = 400): (request: Api.AnyRequest) => never {
  return (request) => {
    const error: Error = errors.RPCMessageToError(new Api.RpcError({ errorCode, errorMessage }), request);
    throw error;
  };
}

export class FakeTelegramClient implements TelegramClientLike {
  readonly session = { save: (): string => this.sessionString };
  readonly requests: Api.AnyRequest[] = [];
  readonly uploads: CustomFile[] = [];
  readonly switchedTo: number[] = [];
  // Answers of successive connect() calls; true once they run out.
  connectResults: boolean[] = [];
  connectCalls = 0;
  destroyed = false;
  connected = false;
  sessionString: string;
  #keyCounter = 0;
  readonly #once: Script[] = [];
  readonly #persistent: Script[] = [];
  readonly #handlers: ((update: unknown) => void)[] = [];

  constructor(session = '', options: { me?: Api.User | null } = {}) {
    this.sessionString = session;
    const me = options.me ?? null;
    // Defaults a real server gives: who am I (or "not logged in"), and the update state.
    this.on(Api.users.GetUsers, (request) => {
      if (!request.id.some((id) => id instanceof Api.InputUserSelf)) return [];
      if (!me) return rpcError('AUTH_KEY_UNREGISTERED', 401)(request);
      return [me];
    });
    this.on(Api.updates.GetState, () => new Api.updates.State({ pts: 1, qts: 0, date: 0, seq: 0, unreadCount: 0 }));
  }

  // Answers every later request of this class; a newer script replaces an older one.
  on<R extends Api.AnyRequest>(cls: RequestClass<R>, respond: Responder<R>): this {
    this.#persistent.unshift({ matches: (r) => r instanceof cls, respond: (r) => respond(r as R) });
    return this;
  }

  // Answers only the next request of this class, ahead of any persistent script (first in, first out).
  once<R extends Api.AnyRequest>(cls: RequestClass<R>, respond: Responder<R>): this {
    this.#once.push({ matches: (r) => r instanceof cls, respond: (r) => respond(r as R) });
    return this;
  }

  requestsOf<R extends Api.AnyRequest>(cls: RequestClass<R>): R[] {
    return this.requests.filter((r): r is R => r instanceof cls);
  }

  connect(): Promise<boolean> {
    this.connectCalls += 1;
    const ok = this.connectResults.shift() ?? true;
    if (!ok) return Promise.resolve(false);
    this.connected = true;
    // Connecting with no session creates a new auth key, as GramJS does.
    if (!this.sessionString) this.sessionString = this.#newKey();
    this.push(new UpdateConnectionState(UpdateConnectionState.connected));
    return Promise.resolve(true);
  }

  destroy(): Promise<void> {
    this.destroyed = true;
    this.connected = false;
    return Promise.resolve();
  }

  async invoke<R extends Api.AnyRequest>(request: R): Promise<R['__response']> {
    this.requests.push(request);
    if (!this.connected) throw new Error('Cannot send requests while disconnected. You need to call .connect()');
    const index = this.#once.findIndex((s) => s.matches(request));
    const script = index === -1 ? this.#persistent.find((s) => s.matches(request)) : this.#once.splice(index, 1)[0];
    if (!script) throw new Error(`fake Telegram has no answer for ${request.className}`);
    return (await script.respond(request)) as R['__response'];
  }

  addEventHandler(callback: (update: unknown) => void): void {
    this.#handlers.push(callback);
  }

  uploadFile(params: { file: CustomFile; workers: number }): Promise<Api.TypeInputFile> {
    this.uploads.push(params.file);
    const id = helpers.returnBigInt(this.uploads.length);
    return Promise.resolve(new Api.InputFile({ id, parts: 1, name: params.file.name, md5Checksum: '' }));
  }

  _switchDC(dcId: number): Promise<boolean> {
    this.switchedTo.push(dcId);
    // A new data centre means a new auth key, and so a new session string.
    this.sessionString = this.#newKey(dcId);
    return Promise.resolve(true);
  }

  // Hands an update to the driver as GramJS's raw dispatch does.
  push(update: unknown): void {
    for (const handler of this.#handlers) handler(update);
  }

  #newKey(dcId = 2): string {
    this.#keyCounter += 1;
    return `fake-session:dc${dcId}:key${this.#keyCounter}`;
  }
}

export function user(fields: {
  id: number;
  phone?: string;
  firstName?: string;
  lastName?: string;
  bot?: boolean;
}): Api.User {
  return new Api.User({
    id: helpers.returnBigInt(fields.id),
    accessHash: helpers.returnBigInt(fields.id * 1000 + 7),
    phone: fields.phone,
    firstName: fields.firstName,
    lastName: fields.lastName,
    bot: fields.bot,
  });
}
