import type { Executor } from '../../../platform/db/executor.js';

// The consents module's list, as the engine uses it: whether a client answered, the question that
// went out, and the answer that came back. The consents module owns those tables; its repository
// implements this port.
export interface ConsentLedger {
  consentOf(accId: number, phone: string): Promise<{ active: boolean; consent: boolean | null } | null>;
  // A consent question went out: the client is 'await' until they answer.
  markAwaited(accId: number, phone: string, now: Date): Promise<void>;
  recordAnswer(accId: number, phone: string, consent: boolean, clientText: string, now: Date): Promise<void>;
  // The same ledger writing through a transaction.
  with(tx: Executor): ConsentLedger;
}
