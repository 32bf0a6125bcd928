// Telegram tells a user account only "the peer has read everything up to message N" per chat
// (UpdateReadHistoryOutbox). To turn that into per-message read acks we remember which messages we
// sent to whom and are still unread. The memory is per process: after a restart, messages sent
// earlier stay at 'delivered'.
const MAX_UNREAD_PER_PEER = 500;

export class ReadReceipts {
  readonly #unread = new Map<string, number[]>();

  sent(peerUserId: string, messageId: number): void {
    const ids = this.#unread.get(peerUserId) ?? [];
    ids.push(messageId);
    // A peer who never reads should not grow this without bound; the oldest fall off.
    if (ids.length > MAX_UNREAD_PER_PEER) ids.splice(0, ids.length - MAX_UNREAD_PER_PEER);
    this.#unread.set(peerUserId, ids);
  }

  // The ids that the read marker now covers; each is returned once.
  readUpTo(peerUserId: string, maxId: number): number[] {
    const ids = this.#unread.get(peerUserId);
    if (!ids) return [];
    const read = ids.filter((id) => id <= maxId);
    const left = ids.filter((id) => id > maxId);
    if (left.length > 0) this.#unread.set(peerUserId, left);
    else this.#unread.delete(peerUserId);
    return read;
  }

  clear(): void {
    this.#unread.clear();
  }
}
