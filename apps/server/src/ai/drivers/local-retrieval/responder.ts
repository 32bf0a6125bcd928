import { AiToolError, type AiAnswer, type AiAskContext, type AiResponder } from '../../llm.js';
import { book, freeTime } from './booking.js';
import { intentsOf, isNo, isYes, mainIntent, type Intent } from './intents.js';
import { contentStems, relevantSentences, sharesWord } from './matching.js';
import { marker, pickEmoji, priceText, toneWords } from './phrases.js';
import { cancel, move } from './records.js';
import { answer, handover, Session, type Reply } from './session.js';

// The embedded responder: no model weights, only the branch's knowledge passages (found by the
// tools' full-text and trigram search), its live CRM data and fixed phrases in the chosen tone.
// It recognises the common intents of a salon chat, answers what it can from facts, and hands the
// conversation to a person when nothing matches well enough. Without workWithRecord a wish to
// book, move or cancel is handed over (reason client_asked): only a person may do it then, and a
// handover alerts the admins, whereas an answer promising "the admin will confirm" would not.

// Below this a knowledge passage is not trusted to answer (the tools' score, 0…1).
export const KNOWLEDGE_MIN_SCORE = 0.2;
// How many passages are looked at.
const KNOWLEDGE_HITS = 3;

const CONTINUED: readonly Intent[] = ['book', 'move', 'cancel', 'free_time', 'price'];

function intentOf(s: Session, found: Intent[]): Intent | null {
  const q = s.ctx.question;
  const { t } = s;
  // A yes or no to our «Отменить запись …?».
  if (s.lastAssistant.includes(marker(t.askCancel)) && (isYes(q) || isNo(q)) && !found.includes('person'))
    return 'cancel';
  if (found.length > 0) return found[0]!;
  if (s.lastAssistant.includes(marker(t.askMoveTime))) return 'move';
  // «завтра в 15» answering our question continues what the client asked for before.
  const carried = s.carry ? mainIntent(s.carry) : null;
  if (carried && CONTINUED.includes(carried)) return carried;
  if (s.when.day || s.when.time) return 'free_time';
  return null;
}

async function knowledge(s: Session): Promise<Reply | null> {
  const q = s.ctx.question;
  if (contentStems(q).length === 0) return null;
  const hits = await s.ctx.tools.searchKnowledge(q, KNOWLEDGE_HITS);
  const best = [...hits]
    .sort((a, b) => b.score - a.score)
    // The search's own score is not enough: the passage must share a word with the question
    // other than the filler of a salon chat («сколько», «можно», «запись»).
    .find((h) => h.score >= KNOWLEDGE_MIN_SCORE && sharesWord(q, h.text));
  if (!best) return null;
  const text = relevantSentences(best.text, q);
  return text ? answer(text) : null;
}

// Services scoring within this of the best one are listed with it.
const PRICE_TIE = 0.15;

async function price(s: Session): Promise<Reply> {
  const matches = await s.serviceMatches();
  if (matches.length === 0) return (await knowledge(s)) ?? handover('no_match');
  const { t, ctx } = s;
  // «стрижка» lists every haircut; «стрижка женская» only the one that matches it better than the rest.
  const top = matches[0]!.score;
  const lines = matches
    .filter((m) => m.score >= top - PRICE_TIE)
    .slice(0, 5)
    .map(({ item }) => t.priceLine(item.title, priceText(ctx.lang, item.priceMin, item.priceMax), item.durationMin));
  return answer(t.prices(lines));
}

async function contacts(s: Session): Promise<Reply> {
  const found = await knowledge(s);
  if (found) return found;
  const { salon } = s.ctx;
  const parts = [salon.address ? s.t.address(salon.address) : null, salon.phone ? s.t.phone(salon.phone) : null].filter(
    (x): x is string => x !== null,
  );
  return parts.length > 0 ? answer(parts.join(' ')) : handover('no_match');
}

async function reply(s: Session, intent: Intent | null): Promise<Reply> {
  const { ctx } = s;
  const tone = toneWords(ctx.lang, ctx.tone, ctx.salon.name);
  if (intent === 'person') return handover('client_asked');
  if ((intent === 'book' || intent === 'move' || intent === 'cancel') && !ctx.workWithRecord)
    return handover('client_asked');
  switch (intent) {
    case 'cancel':
      return cancel(s);
    case 'move':
      return move(s);
    case 'book':
      return book(s);
    case 'free_time':
      return freeTime(s);
    case 'price':
      return price(s);
    case 'contacts':
      return contacts(s);
    case 'greeting':
      // «Здравствуйте, подскажите про парковку»: a greeting with a question is a question.
      return (await knowledge(s)) ?? answer(tone.help);
    case 'thanks':
      return answer(tone.welcome, true);
    default:
      if (contentStems(ctx.question).length === 0) return answer(tone.help);
      return (await knowledge(s)) ?? handover('no_match');
  }
}

function finish(ctx: AiAskContext, r: Reply, greet: boolean): AiAnswer {
  if (r.kind === 'handover') return r;
  const tone = toneWords(ctx.lang, ctx.tone, ctx.salon.name);
  const body = r.text;
  const sep = body.includes('\n') ? '\n' : ' ';
  let text = [greet ? tone.greeting : null, body, r.close ? tone.closing : null].filter((x) => x !== null).join(sep);
  const emoji = pickEmoji(ctx.emojiList, ctx.question);
  if (emoji) text = `${text} ${emoji}`;
  return { kind: 'answer', text };
}

export function localRetrievalResponder(): AiResponder {
  return {
    name: 'local-retrieval',
    async answer(ctx) {
      const s = new Session(ctx);
      const found = intentsOf(ctx.question);
      const greet = found.includes('greeting') || !ctx.history.some((turn) => turn.role === 'assistant');
      try {
        return finish(ctx, await reply(s, intentOf(s, found)), greet);
      } catch (err) {
        // The CRM or the knowledge index is unavailable: a person answers instead of nobody.
        if (err instanceof AiToolError) return { kind: 'handover', reason: 'provider_failed' };
        throw err;
      }
    },
  };
}
