import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor.js';
import { chatMessages } from './schema.js';

// Reads of the chat log (chat_messages) for modules: the inbox's pages, its read markers and reply
// targets. Channels write the log (delivery records, inbound messages); modules never do. Besides
// the reads that return data, it hands out the SQL of the log that the inbox's own statements join
// with its tables (replies, read markers), so each page stays one statement. `accId` and `phone`
// arguments are values; `SQL` arguments are the outer statement's columns.
export class ChatLogRepository {
  constructor(private readonly db: Executor) {}

  // The phone of a message of the branch (a conversation's id is its phone's first message).
  async phoneOf(accId: number, messageId: number): Promise<string | null> {
    const rows = await this.db
      .select({ phone: chatMessages.phone })
      .from(chatMessages)
      .where(and(eq(chatMessages.accId, accId), eq(chatMessages.id, messageId)));
    return rows[0]?.phone ?? null;
  }

  // Query body: each phone's first message id (phone, first_id).
  firstIdsSql(accId: number): SQL {
    return sql`select phone, min(id) as first_id from ${chatMessages} where acc_id = ${accId} group by phone`;
  }

  // Query body: each phone's latest message.
  latestPerPhoneSql(accId: number): SQL {
    return sql`select distinct on (phone) phone, id, type, body, caption, file, direction, channel_kind, name, outbox_id, at
            from ${chatMessages} where acc_id = ${accId}
            order by phone, at desc, id desc`;
  }

  // Derived table: the branch's messages of the phones matching `phoneLike` (SQL LIKE).
  messagesSql(accId: number, phoneLike: string): SQL {
    return sql`(select id, phone, channel_kind, direction, name, type, body, caption, file, outbox_id, at
            from ${chatMessages} where acc_id = ${accId} and phone like ${phoneLike})`;
  }

  // Derived table: the message a reply to the phone goes after — the client's latest, else the
  // latest with them (phone, channel_kind, name); no row when there is none.
  lastContactSql(accId: number, phone: string): SQL {
    return sql`(select phone, channel_kind, name from ${chatMessages}
          where acc_id = ${accId} and phone = ${phone}
          order by (direction = 'incoming') desc, at desc, id desc
          limit 1)`;
  }

  // Scalar: the channel of the client's latest message (null when they never wrote).
  lastIncomingChannelSql(accId: number, phone: SQL): SQL<string | null> {
    return sql`(select i.channel_kind from ${chatMessages} i
              where i.acc_id = ${accId} and i.phone = ${phone} and i.direction = 'incoming'
              order by i.at desc, i.id desc limit 1)`;
  }

  // Scalar: the latest name the client wrote under (null when none).
  lastIncomingNameSql(accId: number, phone: SQL): SQL<string | null> {
    return sql`(select i.name from ${chatMessages} i
              where i.acc_id = ${accId} and i.phone = ${phone} and i.direction = 'incoming' and i.name is not null
              order by i.at desc, i.id desc limit 1)`;
  }

  // Scalar: how many of the client's messages have an id above `afterId`.
  incomingAfterSql(accId: number, phone: SQL, afterId: SQL): SQL<number> {
    return sql`(select count(*) from ${chatMessages} u
              where u.acc_id = ${accId} and u.phone = ${phone} and u.direction = 'incoming'
                and u.id > ${afterId})::int`;
  }

  // Scalar: the id of the client's latest message, 0 when they never wrote.
  lastIncomingIdSql(accId: number, phone: string): SQL<number> {
    return sql`(select coalesce(max(id), 0) from ${chatMessages}
          where acc_id = ${accId} and phone = ${phone} and direction = 'incoming')`;
  }

  // Condition: the outbox row's message is in the log (it was sent).
  loggedSql(outboxId: SQL): SQL<boolean> {
    return sql`exists (select 1 from ${chatMessages} s where s.outbox_id = ${outboxId})`;
  }
}
