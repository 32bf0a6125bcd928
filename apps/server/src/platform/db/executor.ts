import type { Db } from './client.js';

// How a transaction reaches the code that writes, across the codebase (one convention):
//
// - A repository takes an `Executor` in its constructor: the database, or an open transaction.
//   `new XRepository(db)` writes on its own; `repo.with(tx)` is the same repository writing through
//   `tx` (repositories built per call may simply be constructed with `tx`).
// - Whoever owns the unit of work opens the transaction (`db.transaction(async (tx) => ...)`, or the
//   outbox's `outbox.transaction(async (tx, outbox) => ...)` when it queues messages) and hands `tx`
//   to every repository it uses inside. Repositories never open a transaction around a caller's work.
// - Inside a transaction every query goes through `tx`: on PGlite (one connection) a query on the
//   plain database would wait for the transaction that is waiting for it.
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
