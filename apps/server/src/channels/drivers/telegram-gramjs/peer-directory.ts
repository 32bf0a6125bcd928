import { Api, helpers } from 'telegram';
import { digitsOf, displayName } from './message-mapping.js';
import type { Long } from './random-id.js';
import type { TelegramClientLike } from './telegram-client.js';

export type PeerLookup =
  | { kind: 'user'; peer: Api.InputPeerUser }
  // The number has no Telegram account, or hides it from people who do not have it saved.
  | { kind: 'absent' }
  // Telegram refused to import more contacts for now (retryContacts).
  | { kind: 'retry_later' };

export interface KnownUser {
  // Digits only; null when the user hides their number from us.
  phone: string | null;
  name: string | null;
  bot: boolean;
}

// A number without a Telegram account is asked about again only after this long: every import
// counts against the account's contact-import limit, and imports of unknown numbers look like spam.
const ABSENT_TTL_MS = 6 * 60 * 60 * 1000;

type PhoneEntry = { kind: 'user'; peer: Api.InputPeerUser } | { kind: 'absent'; until: number };

// Maps phones to Telegram users (for sending) and user ids to phones and names (for inbound), with
// caches so each number costs one contacts.importContacts per session.
export class PeerDirectory {
  readonly #byPhone = new Map<string, PhoneEntry>();
  readonly #users = new Map<string, KnownUser>();
  readonly #importing = new Map<string, Promise<PeerLookup>>();
  // Users we saw with their access hash, by phone digits and by 'tg' + id (an InboundMessage's `from`).
  readonly #peersByChat = new Map<string, Api.InputPeerUser>();

  constructor(
    private readonly client: Pick<TelegramClientLike, 'invoke'>,
    private readonly now: () => Date,
  ) {}

  peerForPhone(phone: string): Promise<PeerLookup> {
    const cached = this.#byPhone.get(phone);
    if (cached?.kind === 'user') return Promise.resolve(cached);
    if (cached?.kind === 'absent' && cached.until > this.now().getTime()) return Promise.resolve({ kind: 'absent' });
    // Sends to one number can overlap; they share a single import.
    const pending = this.#importing.get(phone);
    if (pending) return pending;
    const lookup = this.#importContact(phone).finally(() => this.#importing.delete(phone));
    this.#importing.set(phone, lookup);
    return lookup;
  }

  async #importContact(phone: string): Promise<PeerLookup> {
    // The phone's digits fit a TL long and identify our single contact in the answer.
    const clientId = helpers.returnBigInt(phone);
    const result = await this.client.invoke(
      new Api.contacts.ImportContacts({
        // The contact lands in the account's address book; the number is the only name we know.
        contacts: [new Api.InputPhoneContact({ clientId, phone, firstName: `+${phone}`, lastName: '' })],
      }),
    );
    for (const user of result.users) if (user instanceof Api.User) this.remember(user);
    const imported = result.imported.find((c) => c.clientId.equals(clientId));
    const user = imported && result.users.find((u) => u instanceof Api.User && u.id.equals(imported.userId));
    if (user instanceof Api.User) {
      // A contact is reachable with access hash 0 when Telegram left it out (GramJS relies on the same).
      const peer = new Api.InputPeerUser({ userId: user.id, accessHash: user.accessHash ?? helpers.returnBigInt(0) });
      this.#byPhone.set(phone, { kind: 'user', peer });
      return { kind: 'user', peer };
    }
    if (result.retryContacts.some((id) => id.equals(clientId))) return { kind: 'retry_later' };
    this.#byPhone.set(phone, { kind: 'absent', until: this.now().getTime() + ABSENT_TTL_MS });
    return { kind: 'absent' };
  }

  // Who wrote to us: from the cache, else users.getUsers (GramJS resolves the id to an InputUser
  // from the entities it saw in the same update).
  async describeUser(userId: Long): Promise<KnownUser | null> {
    const known = this.#users.get(userId.toString());
    if (known) return known;
    const users = await this.client.invoke(new Api.users.GetUsers({ id: [userId] }));
    const user = users.find((u) => u instanceof Api.User && u.id.equals(userId));
    return user instanceof Api.User ? this.remember(user) : null;
  }

  // The peer of a chat we already know (a sender, or a number we sent to); null when unknown.
  knownPeer(chat: string): Api.InputPeerUser | null {
    const byPhone = this.#byPhone.get(chat);
    if (byPhone?.kind === 'user') return byPhone.peer;
    return this.#peersByChat.get(chat) ?? null;
  }

  remember(user: Api.User): KnownUser {
    const key = user.id.toString();
    if (user.accessHash) {
      const peer = new Api.InputPeerUser({ userId: user.id, accessHash: user.accessHash });
      this.#peersByChat.set(`tg${key}`, peer);
      if (user.phone) this.#peersByChat.set(digitsOf(user.phone), peer);
    }
    const previous = this.#users.get(key);
    const known: KnownUser = {
      // A "min" user object may omit the phone we already learned; keep it.
      phone: user.phone ? digitsOf(user.phone) : (previous?.phone ?? null),
      name: displayName(user) ?? previous?.name ?? null,
      bot: user.bot ?? false,
    };
    this.#users.set(key, known);
    return known;
  }

  clear(): void {
    this.#byPhone.clear();
    this.#peersByChat.clear();
    this.#users.clear();
  }
}
