import { sql } from 'drizzle-orm';
import type { KnowledgeHit } from '../../../ai/llm.js';
import { queryRows, type Db } from '../../../platform/db/client.js';

// At most this many words of a question are looked up (a pasted paragraph is not a question).
const MAX_WORDS = 8;
// Passages read for each word of the question on its own, and for all its found words together.
// Every passage read is ranked, so these, not the size of the branch's knowledge, bound the cost of
// a search; and a word found in more passages than this says little about which one answers.
const PER_WORD = 40;
const ALL_WORDS = 120;
// The best of them (by ts_rank_cd) that are ranked in full with trigram similarity: each costs one
// word_similarity over the whole passage per word of the question, the dearest step of a search.
const CANDIDATES = 8;
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
// One statement. Candidates come from the full-text GIN index (`russian` configuration):
//  - up to PER_WORD passages for each word of the question on its own, so a rare word's passages
//    are not crowded out by a word that is in nearly every passage (which says nothing);
//  - up to ALL_WORDS passages with all the words that are found;
//  - for the words no passage contains (a typo, a form the stemmer does not know), up to PER_WORD
//    passages with their first letters as a prefix.
// They are ranked by ts_rank_cd against the question's words (OR, with those prefixes), and the
// best CANDIDATES are then ranked with pg_trgm word similarity, which forgives the typo:
//   score = 0.6 × (mean over the question's words of word_similarity(word, passage))
//         + 0.4 × min(1, 2 × ts_rank_cd(…, 32))          (normalisation 32: rank / (rank + 1))
// Function words of the question pull the mean down alike for every passage, so the order holds; a
// passage holding the question's key word typically scores ≥ 0.4, an unrelated one < 0.2.
//
// Each word's lookup is a materialized CTE with the word as a constant, read with LIMIT from
// outside: the planner plans it to read all its passages — with the word's own frequency from the
// column's statistics: the index for a rare word, the branch's passages in order for one that is in
// most of them — and the LIMIT stops the reading after PER_WORD (a LIMIT inside made it prefer
// filtering the branch's passages in order even for a word that is in none of them, thousands of
// rows). Why not the trigram index for the candidates: `word <% body` rechecks every passage sharing
// trigrams with the word, a scan of seconds over 10 MB of text for a word that matches nothing.
export async function searchKnowledge(db: Db, accId: number, query: string, limit: number): Promise<KnowledgeHit[]> {
  const words = wordsOf(query);
  if (words.length === 0 || limit <= 0) return [];
  const cte = (i: number) => sql.identifier(`w${i}`);
  // A function word (a stop word of the configuration) has an empty query: it is not looked up.
  const lookups = words.map(
    (w, i) => sql`${cte(i)} as materialized (
      select c.id from ai_knowledge_chunks c
      where numnode(plainto_tsquery('russian', ${w}::text)) > 0
        and c.acc_id = ${accId} and c.tsv @@ plainto_tsquery('russian', ${w}::text)
    )`,
  );
  // Letters and digits only: nothing in a word or a prefix is tsquery syntax.
  const prefix = (w: string) =>
    w.length >= TYPO_MIN_LENGTH ? sql`to_tsquery('russian', ${`${w.slice(0, TYPO_PREFIX)}:*`}::text)` : sql`null`;
  const rows = sql.join(
    words.map(
      (w, i) => sql`(plainto_tsquery('russian', ${w}::text), ${prefix(w)}::tsquery, exists (select 1 from ${cte(i)}))`,
    ),
    sql`, `,
  );
  const perWord = sql.join(
    words.map((_, i) => sql`(select id from ${cte(i)} limit ${PER_WORD})`),
    sql` union `,
  );
  const similarity = sql.join(
    words.map((w) => sql`word_similarity(${w}, c.body)`),
    sql` + `,
  );
  const hits = await queryRows<{ file_id: number; file_name: string; body: string; score: number }>(
    db,
    sql`
      with ${sql.join(lookups, sql`, `)},
      words as materialized (
        select q, prefix, found from (values ${rows}) v(q, prefix, found) where numnode(q) > 0
      ),
      -- The lexemes are the configuration's own (already stemmed): 'simple' only parses them back.
      q as materialized (
        select to_tsquery('simple', nullif(concat_ws(' | ',
            (select string_agg('(' || w.q::text || ')', ' | ') from words w),
            (select string_agg(w.prefix::text, ' | ') from words w where not w.found)), '')) as any_word,
          to_tsquery('simple', (select string_agg(w.prefix::text, ' | ') from words w where not w.found)) as typos,
          to_tsquery('simple', (select string_agg('(' || w.q::text || ')', ' & ') from words w where w.found))
            as all_words
      ),
      typo as materialized (
        select c.id from ai_knowledge_chunks c where c.acc_id = ${accId} and c.tsv @@ (select typos from q)
      ),
      all_found as materialized (
        select c.id from ai_knowledge_chunks c where c.acc_id = ${accId} and c.tsv @@ (select all_words from q)
      ),
      candidates as (
        ${perWord}
        union (select id from typo where (select numnode(typos) > 0 from q) limit ${PER_WORD})
        -- One found word: its own lookup has these already.
        union (select id from all_found where (select numnode(all_words) > 1 from q) limit ${ALL_WORDS})
      ),
      ranked as materialized (
        select c.id, ts_rank_cd(c.tsv, q.any_word, 32) as rank
        from candidates
        join ai_knowledge_chunks c on c.id = candidates.id
        join ai_knowledge_files f on f.id = c.file_id and f.acc_id = ${accId} and f.state = 'ready' and f.is_active,
        q
        order by rank desc, c.id
        limit ${Math.max(CANDIDATES, limit)}
      )
      select c.file_id, f.file_name, c.body,
        (0.6 * (${similarity}) / ${words.length} + 0.4 * least(1, 2 * ranked.rank))::float8 as score
      from ranked
      join ai_knowledge_chunks c on c.id = ranked.id
      join ai_knowledge_files f on f.id = c.file_id
      order by score desc, c.id
      limit ${limit}
    `,
  );
  return hits.map((r) => ({
    fileId: Number(r.file_id),
    fileName: r.file_name,
    text: r.body,
    score: Math.max(0, Math.min(1, Number(r.score))),
  }));
}
