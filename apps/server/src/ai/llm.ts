import type { HandoverReason } from '@salon/contract/ai-chat';
import type { Tone } from '@salon/contract/ai-agents';

// The AI administrator's port (ARCHITECTURE.md "src/ai"): given a client's question, the
// conversation so far and the tools over the branch's knowledge and CRM, answer in the salon's
// voice or hand the conversation to a person. Two drivers: an OpenAI-compatible chat-completions
// client (drivers/openai-compatible) and the embedded retrieval responder (drivers/local-retrieval).
// The ai-admin module builds the tools per conversation; nothing here knows our tables.

export interface AiTurn {
  role: 'client' | 'assistant';
  text: string;
  at: Date;
}

export interface AiAskContext {
  accId: number;
  // The branch's IANA zone and "now": dates the client says ("завтра в 15") are read in it.
  timeZone: string;
  now: Date;
  // 'ru' unless the branch's interface language says otherwise.
  lang: 'ru' | 'en';
  tone: Tone;
  emojiList: string[];
  // Booking, moving and cancelling are allowed (SPEC 3 workWithRecord); the tools refuse otherwise.
  workWithRecord: boolean;
  // Free slots are looked up this many days ahead (SPEC 3 scheduleLookupInterval).
  lookupDays: number;
  salon: { name: string; address: string | null; phone: string | null };
  client: { name: string; phone: string };
  // Earlier turns, oldest first (the unanswered question is not among them).
  history: AiTurn[];
  // The client's unanswered messages, joined (aggregation answers them together).
  question: string;
  tools: AiTools;
}

export type AiAnswer = { kind: 'answer'; text: string } | { kind: 'handover'; reason: HandoverReason };

export interface AiResponder {
  readonly name: 'openai-compatible' | 'local-retrieval';
  answer(context: AiAskContext): Promise<AiAnswer>;
}

// --- Tools: live data of one branch, scoped to one client ---

export interface KnowledgeHit {
  fileId: number;
  fileName: string;
  text: string;
  // 0…1, higher is better (full-text rank and trigram similarity combined).
  score: number;
}

export interface ServiceInfo {
  id: string;
  title: string;
  categoryId: string | null;
  categoryTitle: string | null;
  priceMin: number;
  priceMax: number;
  durationMin: number;
}

export interface StaffInfo {
  id: string;
  name: string;
  specialization: string | null;
}

export interface SlotInfo {
  staffId: string;
  staffName: string;
  startsAt: Date;
}

export interface RecordInfo {
  id: string;
  startsAt: Date;
  staffId: string | null;
  staffName: string;
  services: { id: string; title: string; cost: number }[];
  cost: number;
}

// A tool refused (the reason is for the model and the log; the client never sees it).
export class AiToolError extends Error {
  constructor(
    readonly code: 'booking_not_allowed' | 'slot_taken' | 'not_found' | 'crm_unavailable' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'AiToolError';
  }
}

export interface AiTools {
  searchKnowledge(query: string, limit: number): Promise<KnowledgeHit[]>;
  // The branch's services and masters without the excluded ones (SPEC 3 exceptions).
  services(): Promise<ServiceInfo[]>;
  staff(): Promise<StaffInfo[]>;
  // Free start times on a branch-local day ('YYYY-MM-DD') within the lookup interval; for a
  // service (its duration) and/or a master.
  freeSlots(query: { day: string; serviceId?: string; staffId?: string }): Promise<SlotInfo[]>;
  // The client's records from now on.
  upcomingRecords(): Promise<RecordInfo[]>;
  // workWithRecord only; throw AiToolError otherwise.
  book(input: { serviceId: string; staffId: string; startsAt: Date }): Promise<RecordInfo>;
  move(input: { recordId: string; startsAt: Date }): Promise<RecordInfo>;
  cancel(input: { recordId: string }): Promise<void>;
}
