import { AI_SUMMARY_MAX, truncateSummary } from '@salon/contract/ai-files';

// Words that say nothing about what a document is about (Russian and English function words).
const STOP = new Set(
  (
    'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от ' +
    'меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж ' +
    'вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без ' +
    'будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один ' +
    'почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после ' +
    'над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед ' +
    'иногда лучше чуть том нельзя такой им более всегда конечно всю между это также our the and for with that ' +
    'this from are was were you your have has not but all can will its they them their which what when'
  ).split(' '),
);

const words = (sentence: string) =>
  (sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w));
// A crude stem: word forms of one Russian word mostly share their first six letters.
const stem = (word: string) => word.slice(0, 6);

// A document's sentences: one per line at least, lines cut after . ! ? … before a capital or digit.
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}«"(])/u))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => /\p{L}.*\p{L}.*\p{L}/u.test(s));
}

// SPEC 5 summary, extractive: the sentences whose words the document uses most (frequency of their
// stems, per word so long sentences do not win by length; earlier sentences win ties, as a
// document's opening usually says what it is), in the document's order, within 200 characters.
export function extractiveSummary(text: string): string {
  const sentences = sentencesOf(text);
  if (sentences.length === 0) return '';
  const frequency = new Map<string, number>();
  for (const s of sentences) for (const w of words(s)) frequency.set(stem(w), (frequency.get(stem(w)) ?? 0) + 1);
  const scored = sentences.map((s, index) => {
    const ws = words(s);
    const sum = ws.reduce((total, w) => total + (frequency.get(stem(w)) ?? 0), 0);
    return { s, index, score: ws.length === 0 ? 0 : sum / Math.sqrt(ws.length) / (1 + index / 50) };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: typeof scored = [];
  let length = 0;
  for (const candidate of ranked) {
    const added = candidate.s.length + (picked.length > 0 ? 1 : 0);
    if (length + added > AI_SUMMARY_MAX) continue;
    picked.push(candidate);
    length += added;
  }
  if (picked.length === 0) return truncateSummary(ranked[0]!.s);
  return truncateSummary(
    picked
      .sort((a, b) => a.index - b.index)
      .map((p) => p.s)
      .join(' '),
  );
}
