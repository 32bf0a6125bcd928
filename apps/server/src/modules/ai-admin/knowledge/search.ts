import { sql } from 'drizzle-orm';
import type { KnowledgeHit } from '../../../ai/llm.js';
import { queryRows, type Db } from '../../../platform/db/client.js';

// At most this many words of a question are looked up (a pasted paragraph is not a question).
const MAX_WORDS = 8;
// Full-text matches read per query, before ranking: a word found in more passages than this says
// little about which one answers (it is in most of them), and ranking every one of 10 MB of passages
// would cost more than the answer may take.
const SCAN_CAP = 1500;
// The best of them (by ts_rank_cd) that are ranked in full with trigram similarity.
const CANDIDATES = 30;
// A word the passages do not contain is looked up by its first letters too (a typo is rarely in
// them: "стришка" → стри*), when it is at least this long.
const TYPO_MIN_LENGTH = 4;
const TYPO_PREFIX = 4;

function wordsOf(query: string): string[] {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

// The passages of a branch's knowledge files that best answer `query`, best first. Only active,
// ready files count (deleted and failed files have no passages).
//
// Candidates come from the full-text GIN index (`russian` configuration): passages with all the
// question's words, and passages with any of them (a question rarely repeats all the words of its
// answer), plus, for each word no passage contains (a typo, a form the stemmer does not know), its
// first letters as a prefix. Each set is read up to SCAN_CAP passages; the best of each by
// ts_rank_cd are then ranked with pg_trgm word similarity, which forgives the typo:
//   score = 0.6 × (mean over the question's words of word_similarity(word, passage))
//         + 0.4 × min(1, 2 × ts_rank_cd(…, 32))          (normalisation 32: rank / (rank + 1))
// Function words of the question pull the mean down alike for every passage, so the order holds; a
// passage holding the question's key word typically scores ≥ 0.4, an unrelated one < 0.2.
//
// Why not the trigram index for the candidates: `word <% body` rechecks every passage sharing
// trigrams with the word, and a word that matches nothing (the usual "сколько") makes that a scan of
// seconds over 10 MB of text; the prefix lookup stays on the full-text index, so the cost is bounded.
export async function searchKnowledge(db: Db, accId: number, query: string, limit: number): Promise<KnowledgeHit[]> {
  const words = wordsOf(query);
  if (words.length === 0 || limit <= 0) return [];
  // One constant tsquery per word, so each lookup can use the index. A function word (a stop word of
  // the configuration, empty as a tsquery) counts as found: it is not a typo.
  const [found] = await queryRows<Record<string, boolean>>(
    db,
    sql`select ${sql.join(
      words.map(
        (w, i) => sql`(numnode(plainto_tsquery('russian', ${w})) = 0 or exists (
          select 1 from ai_knowledge_chunks c
          where c.acc_id = ${accId} and c.tsv @@ plainto_tsquery('russian', ${w})
        )) as ${sql.identifier(`w${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  const missing = new Set(words.filter((_, i) => found?.[`w${i}`] === false));
  // Letters and digits only: nothing in the terms is tsquery syntax.
  const terms = [
    ...words,
    ...words.filter((w) => missing.has(w) && w.length >= TYPO_MIN_LENGTH).map((w) => `${w.slice(0, TYPO_PREFIX)}:*`),
  ];
  const similarity = sql.join(
    words.map((w) => sql`word_similarity(${w}, c.body)`),
    sql` + `,
  );
  const rows = await queryRows<{ file_id: number; file_name: string; body: string; score: number }>(
    db,
    sql`
      with q as (
        select to_tsquery('russian', ${terms.join(' | ')}) as any_word,
          plainto_tsquery('russian', ${words.join(' ')}) as all_words
      ),
      all_hits as (
        select c.id, c.tsv from ai_knowledge_chunks c, q
        where c.acc_id = ${accId} and c.tsv @@ q.all_words
        limit ${SCAN_CAP}
      ),
      any_hits as (
        select c.id, c.tsv from ai_knowledge_chunks c, q
        where c.acc_id = ${accId} and c.tsv @@ q.any_word
        limit ${SCAN_CAP}
      ),
      cand as (
        (select h.id, ts_rank_cd(h.tsv, q.any_word, 32) as rank from all_hits h, q order by rank desc limit ${CANDIDATES})
        union
        (select h.id, ts_rank_cd(h.tsv, q.any_word, 32) as rank from any_hits h, q order by rank desc limit ${CANDIDATES})
      )
      select c.file_id, f.file_name, c.body,
        (0.6 * (${similarity}) / ${words.length} + 0.4 * least(1, 2 * cand.rank))::float8 as score
      from cand
      join ai_knowledge_chunks c on c.id = cand.id
      join ai_knowledge_files f on f.id = c.file_id
      where f.acc_id = ${accId} and f.state = 'ready' and f.is_active
      order by score desc, c.id
      limit ${limit}
    `,
  );
  return rows.map((r) => ({
    fileId: Number(r.file_id),
    fileName: r.file_name,
    text: r.body,
    score: Math.max(0, Math.min(1, Number(r.score))),
  }));
}
