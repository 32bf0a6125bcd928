import {
  CHAT_NOT_FOUND,
  CHAT_REPLY_STATUS,
  type ChatAuthor,
  type ChatConversationsResponse,
  type ChatDeliveryStatus,
  type ChatHistoryQuery,
  type ChatHistoryResponse,
  type ChatReplyFields,
  type ChatRowWire,
} from '@salon/contract/chat-history';
import { isOwner } from '@salon/contract/rights';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { Clock } from '../../platform/clock.js';
import type { FileStore, StagedFile } from '../../platform/files/file-store.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { ChatHistoryRepository, ConversationRow, ThreadRow } from './repository.js';

// The one transactional outbox (channels/dispatch/outbox.ts): the reply's row and its chat entry
// commit in one transaction; the dispatch job starts after the commit.
export type ReplyOutbox = Pick<Outbox, 'transaction'>;

export interface ChatCaller {
  accId: number;
  userId: number;
  rights: string[];
}

// A reply's attachment, received into a temporary file; its type was judged by its bytes.
export interface ReplyFile {
  staged: StagedFile;
  contentType: string;
}

export interface ChatHistoryServiceDeps {
  repo: ChatHistoryRepository;
  outbox: ReplyOutbox;
  files: FileStore;
  clock: Clock;
}

// Admins with 'hide client phones' see numbers with the middle masked (SPEC 6 rights).
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}` : phone;
}

export function hidesPhones(rights: readonly string[]): boolean {
  return rights.includes('hide_translation_phones') && !isOwner(rights);
}

const CHANNELS = new Set(['whatsapp', 'telegram', 'sms']);
const channelOf = (kind: string): ChatRowWire['channel'] =>
  CHANNELS.has(kind) ? (kind as ChatRowWire['channel']) : 'whatsapp';

// The outbox's statuses as the thread shows them.
export function deliveryStatus(outboxStatus: string | null): ChatDeliveryStatus | null {
  switch (outboxStatus) {
    case null:
      return null;
    case 'pending':
    case 'sending':
      return 'pending';
    case 'sent':
    case 'delivered':
    case 'read':
      return outboxStatus;
    default:
      return 'failed';
  }
}

// Who wrote a message: the client; the salon (from its own phone, or from the cabinet); the bot.
export function authorOf(row: Pick<ThreadRow, 'direction' | 'isReply'>): ChatAuthor {
  if (row.direction === 'incoming') return 'client';
  if (row.isReply || row.direction === 'outgoing') return 'salon';
  return 'bot';
}

function fileData(file: unknown): ChatRowWire['fileData'] {
  if (!file || typeof file !== 'object') return null;
  const { size, fileName, contentType } = file as Record<string, unknown>;
  if (typeof fileName !== 'string') return null;
  return {
    size: typeof size === 'number' ? size : Number(size) || 0,
    fileName,
    contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
  };
}

const ROW_TYPES = new Set(['text', 'file', 'geo', 'contact']);

export function threadWire(row: ThreadRow, hide: boolean): ChatRowWire {
  const author = authorOf(row);
  return {
    type: ROW_TYPES.has(row.type) ? (row.type as ChatRowWire['type']) : 'text',
    name: row.name,
    date: row.at.toISOString(),
    body: row.body,
    phoneNumber: hide ? maskPhone(row.phone) : row.phone,
    // A reply from the cabinet is the salon writing, even though the system sent it.
    direction: row.isReply ? 'outgoing' : (row.direction as ChatRowWire['direction']),
    channel: channelOf(row.channel),
    fileData: fileData(row.file),
    caption: row.caption,
    conversationId: row.conversationId,
    author,
    authorName: author === 'client' ? (row.crmName ?? row.name) : author === 'salon' ? row.replyAuthor : null,
    status: deliveryStatus(row.outboxStatus),
  };
}

function conversationWire(row: ConversationRow, hide: boolean) {
  return {
    conversationId: row.conversationId,
    phoneNumber: hide ? maskPhone(row.phone) : row.phone,
    name: row.crmName ?? row.chatName,
    channel: channelOf(row.channel),
    lastMessage: {
      type: ROW_TYPES.has(row.lastType) ? (row.lastType as ChatRowWire['type']) : 'text',
      body: row.lastBody,
      caption: row.lastCaption,
      fileName: fileData(row.lastFile)?.fileName ?? null,
      date: row.lastAt.toISOString(),
      author: authorOf({ direction: row.lastDirection, isReply: row.lastIsReply }),
    },
    unread: row.unread,
  };
}

// The inbox (/chat_history): conversations, threads, read markers, and the salon's replies, which
// go out through the one outbox on the client's channel under the dispatcher's rules (idempotency
// key, the number's governor; replies are not held back by quiet hours).
export class ChatHistoryService {
  constructor(private readonly d: ChatHistoryServiceDeps) {}

  async conversations(caller: ChatCaller, limit: number, offset: number): Promise<ChatConversationsResponse> {
    const rows = await this.d.repo.conversations(caller.accId, limit + 1, offset);
    const hide = hidesPhones(caller.rights);
    return {
      ok: true,
      conversations: rows.slice(0, limit).map((r) => conversationWire(r, hide)),
      more: rows.length > limit,
    };
  }

  async history(caller: ChatCaller, query: ChatHistoryQuery): Promise<ChatHistoryResponse> {
    let like: string;
    if (query.conversationId !== undefined) {
      const phone = await this.d.repo.phoneOf(caller.accId, query.conversationId);
      if (!phone) return { ok: true, messages: [], status: CHAT_NOT_FOUND };
      like = phone;
    } else {
      // '*' stands for any one digit; a search matches the end of the number.
      like = `%${(query.phone ?? '').replaceAll('*', '_')}`;
    }
    const rows = await this.d.repo.thread(caller.accId, like, query.limit);
    const hide = hidesPhones(caller.rights);
    const messages = rows.reverse().map((r) => threadWire(r, hide));
    return { ok: true, messages, status: messages.length === 0 ? CHAT_NOT_FOUND : null };
  }

  async markRead(caller: ChatCaller, conversationId: number): Promise<void> {
    const phone = await this.d.repo.phoneOf(caller.accId, conversationId);
    if (!phone) throw errors.notFound();
    await this.d.repo.markRead(caller.accId, phone, this.d.clock.now());
  }

  // The salon answers: one outbox row under the key the cabinet chose for this reply (a repeated
  // request finds the first row and sends nothing more) and the reply's author, in one transaction.
  // The file, if any, is committed to the branch's store first: the dispatcher reads it by path.
  async reply(caller: ChatCaller, fields: ChatReplyFields, file: ReplyFile | null): Promise<ChatRowWire> {
    const body = fields.text.trim();
    if (body === '' && !file) throw new AppError(400, CHAT_REPLY_STATUS.empty, 'text');
    const phone = await this.d.repo.phoneOf(caller.accId, fields.conversationId);
    if (!phone) throw errors.notFound();
    const target = await this.d.repo.replyTarget(caller.accId, phone);
    if (!target) throw errors.notFound();
    const authorName = await this.d.repo.memberName(caller.accId, caller.userId);
    const stored = file ? await this.d.files.commit(caller.accId, file.staged, file.contentType) : null;
    const now = this.d.clock.now();
    const created = await this.d.outbox.transaction(async (tx, outbox) => {
      const { id, created } = await outbox.enqueue({
        accId: caller.accId,
        idempotencyKey: `inbox:${caller.accId}:${fields.requestId}`,
        source: 'reply',
        sourceId: `inbox:${fields.conversationId}`,
        recipient: target.phone,
        clientName: target.clientName,
        body,
        media: stored ? { fileName: stored.fileName, contentType: stored.contentType, path: stored.path } : null,
        channels: [target.channel],
        notBefore: now,
      });
      if (created) {
        await this.d.repo.insertReply(
          {
            accId: caller.accId,
            phone: target.phone,
            outboxId: id,
            authorId: caller.userId,
            authorName,
            channelKind: target.channel,
            body,
            file: stored ? { fileName: stored.fileName, size: stored.size, contentType: stored.contentType } : null,
            createdAt: now,
          },
          tx,
        );
      }
      return created;
    });
    // Answering a conversation reads it.
    await this.d.repo.markRead(caller.accId, target.phone, now);
    return threadWire(
      {
        conversationId: fields.conversationId,
        phone: target.phone,
        channel: target.channel,
        direction: 'outgoing',
        name: null,
        crmName: null,
        type: stored ? 'file' : 'text',
        body,
        caption: null,
        file: stored ? { fileName: stored.fileName, size: stored.size, contentType: stored.contentType } : null,
        at: now,
        outboxStatus: created ? 'pending' : 'sent',
        replyAuthor: authorName,
        isReply: true,
      },
      hidesPhones(caller.rights),
    );
  }
}
