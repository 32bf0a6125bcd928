import { botDeepLink, OPT_IN_LINK_VARIABLES, type OptInLinkVariable } from '@salon/contract/bot-links';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { isBotKind, type SubscriberEvent, type SubscriberReply } from '../channel.js';
import type { ChannelInstanceRow, ChannelRepository } from '../repository.js';
import { ReachRepository } from './reach-repository.js';

// What the bots answer while a client opts in. The client reads them in the messenger, so they are
// the salon's words in the branch's language (Russian; no branch sets another for its clients).
export const OPT_IN_TEXTS = {
  askContact:
    'Здравствуйте! Чтобы получать сообщения салона здесь, поделитесь номером телефона — нажмите кнопку «Поделиться номером» ниже.',
  linked: 'Спасибо! Теперь напоминания и сообщения салона будут приходить сюда.',
} as const;

// The opt-in of the salon's bots: who started them, whose phone they shared, the invite links the
// templates and send-outs put in messages, and how many clients each bot reaches.
export class ReachService {
  readonly repo: ReachRepository;

  constructor(private readonly d: { db: Db; clock: Clock; instances: ChannelRepository }) {
    this.repo = new ReachRepository(d.db);
  }

  // A bot user's event, reported by the session (ChannelEvents.subscriber).
  async onSubscriber(
    instance: Pick<ChannelInstanceRow, 'accId' | 'kind'>,
    event: SubscriberEvent,
  ): Promise<SubscriberReply | null> {
    const now = this.d.clock.now();
    switch (event.type) {
      case 'started': {
        await this.repo.started(instance.accId, instance.kind, event.address, event.name, event.startToken, now);
        return { text: OPT_IN_TEXTS.askContact, askContact: true };
      }
      case 'contact':
        await this.repo.link(instance.accId, instance.kind, event.address, event.name, event.phone, now);
        return { text: OPT_IN_TEXTS.linked, askContact: false };
      case 'stopped':
        await this.repo.stopped(instance.accId, instance.kind, event.address, now);
        return null;
    }
  }

  // The client's phone behind a bot message's sender; null for a user who never shared it.
  phoneOf(instance: Pick<ChannelInstanceRow, 'accId' | 'kind'>, address: string): Promise<string | null> {
    return this.repo.phoneOf(instance.accId, instance.kind, address);
  }

  // {max_link} / {tg_bot_link} for one client: the connected bot's deep link with the client's
  // invite token; '' when the branch has no such bot connected (the sentence reads without it).
  async inviteLinks(
    accId: number,
    phone: string,
    wanted: readonly OptInLinkVariable[],
  ): Promise<Partial<Record<OptInLinkVariable, string>>> {
    if (wanted.length === 0) return {};
    const out: Partial<Record<OptInLinkVariable, string>> = {};
    let token: string | undefined;
    for (const variable of wanted) {
      const kind = OPT_IN_LINK_VARIABLES[variable];
      const bot = await this.d.instances.instanceOf(accId, kind);
      if (!bot || bot.status !== 'authenticated' || !bot.phone) {
        out[variable] = '';
        continue;
      }
      token ??= await this.repo.inviteToken(accId, phone, this.d.clock.now());
      out[variable] = botDeepLink(kind, bot.phone, token);
    }
    return out;
  }

  // The connected bot's plain link (no token) and how many clients it reaches.
  // `bot`: the branch's bot instance as the caller read it (the connection page already has it).
  async botSummary(
    bot: Pick<ChannelInstanceRow, 'accId' | 'kind' | 'phone' | 'status'>,
  ): Promise<{ link: string | null; linked: number }> {
    const { kind } = bot;
    const link = bot.phone && isBotKind(kind) && bot.status === 'authenticated' ? botDeepLink(kind, bot.phone) : null;
    return { link, linked: await this.repo.linkedCount(bot.accId, kind) };
  }
}
