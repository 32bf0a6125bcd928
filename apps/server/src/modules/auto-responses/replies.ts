import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { ReplyContext, ReplyHandler } from '../../channels/inbound/reply-chain.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { bestMatch } from './matcher.js';
import type { AutoResponsesRepository } from './repository.js';
import { effectiveSettings } from './service.js';

// When someone at the salon last wrote to a client themselves: a reply from the cabinet's inbox,
// or a message typed on the salon's own phone. Null when nobody has. The chat-history module
// answers it from the chat log and its replies.
export interface HumanTakeover {
  lastHumanMessageAt(accId: number, phone: string): Promise<Date | null>;
}

export interface KeyPhraseReplyDeps {
  repo: AutoResponsesRepository;
  outbox: Pick<Outbox, 'transaction'>;
  takeover: HumanTakeover;
  clock: Clock;
  logger: Logger;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Reply-chain slot 'key_phrases' (before the AI administrator): a client's message that holds a
// trigger word of a switched-on phrase gets the phrase's reply on the channel it came from.
// - A person at the salon wrote in this chat within the takeover pause: 'pass', nothing is sent
//   (they took over; whatever comes after in the chain decides for itself).
// - The phrase already answered this client within the period: 'handled', nothing is sent. The
//   client has had this answer; the AI administrator after us must not answer the same question
//   again either.
// - Otherwise the reply's outbox row and the phrase's turn with the client commit together.
export function keyPhrasesHandler(d: KeyPhraseReplyDeps): ReplyHandler {
  return {
    name: 'key_phrases',
    async handle({ accId, instance, message }: ReplyContext) {
      const text = message.type === 'text' ? message.body : (message.caption ?? '');
      if (text.trim() === '') return 'pass';
      const phrases = await d.repo.active(accId);
      const found = bestMatch(phrases, text);
      const phrase = found && phrases.find((p) => p.id === found.phraseId);
      if (!phrase || (phrase.type === 'file' && !phrase.media)) return 'pass';
      const settings = effectiveSettings(await d.repo.settings(accId));
      const now = d.clock.now();
      const human = await d.takeover.lastHumanMessageAt(accId, message.from);
      if (human && now.getTime() - human.getTime() < settings.pauseMinutes * MINUTE) return 'pass';
      const sent = await d.outbox.transaction(async (tx, outbox) => {
        const repo = d.repo.with(tx);
        const since = new Date(now.getTime() - settings.periodHours * HOUR);
        if (!(await repo.claimAnswer({ keyPhraseId: phrase.id, accId, phone: message.from, now, since }))) return false;
        const { id } = await outbox.enqueue({
          accId,
          idempotencyKey: `key-phrase:${instance.id}:${message.providerMessageId}:${phrase.id}`,
          source: 'reply',
          sourceId: `key_phrase:${phrase.id}`,
          recipient: message.from,
          clientName: message.name,
          body: phrase.reply,
          media:
            phrase.type === 'file' && phrase.media
              ? { fileName: phrase.media.fileName, contentType: phrase.media.contentType, path: phrase.media.path }
              : null,
          channels: [instance.kind],
          notBefore: now,
        });
        await repo.linkAnswer(phrase.id, message.from, id);
        return true;
      });
      if (!sent) d.logger.debug({ accId, keyPhraseId: phrase.id }, 'key phrase answered this client within the period');
      return 'handled';
    },
  };
}
