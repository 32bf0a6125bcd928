import type {
  ClientCondition,
  RecordCondition,
  SaleCondition,
  SegmentOperation,
} from '@salon/contract/mailing-segments';
import { REFERENCE_LIST_KINDS, type ReferenceListKind } from '@salon/contract/reference-lists';

// The CRM port (ARCHITECTURE.md "src/crm"): what the engine and the cabinet need from a booking
// system, whichever one the branch uses. Records and clients are normalised to these shapes.

export type CrmKind = 'local' | 'yclients';

export interface RecordService {
  id: string;
  title: string;
  cost: number;
  categoryId: string | null;
  amount: number;
}

export interface RecordGood {
  id: string;
  title: string;
  cost: number;
  amount: number;
}

export interface CrmRecord {
  id: string;
  clientId: string | null;
  clientName: string;
  // Digits with the country code; '' when the record has no client phone.
  clientPhone: string;
  staffId: string | null;
  staffName: string;
  services: RecordService[];
  goods: RecordGood[];
  startsAt: Date;
  lengthSec: number;
  // -1 did not come, 0 waiting, 1 came, 2 confirmed.
  attendance: number;
  deleted: boolean;
  paid: boolean;
  online: boolean;
  labels: string[];
  comment: string;
  shortLink: string | null;
  createdAt: Date;
  changedAt: Date;
  deletedAt: Date | null;
}

export interface CrmClient {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  // 'YYYY-MM-DD' or null.
  birthday: string | null;
  sex: number;
  categories: string[];
  successVisits: number;
  failVisits: number;
  bonusBalance: number;
  createdAt: Date;
  updatedAt: Date;
}

// The contract's reference lists, under the port's names.
export const REFERENCE_KINDS = REFERENCE_LIST_KINDS;
export type ReferenceKind = ReferenceListKind;
export interface ReferenceItem {
  id: string;
  title: string;
  // Services only: their category (YCLIENTS records name services without it).
  categoryId?: string | null;
}

// Where a branch's CRM lives (crm_connections), as a driver needs it.
export interface CrmBranch {
  accId: number;
  kind: CrmKind;
  companyId: number | null;
  // Opened (unsealed) YCLIENTS user token.
  userToken: string | null;
}

export interface CrmDriver {
  readonly kind: CrmKind;
  // The record as the CRM holds it now; null when it does not exist.
  record(branch: CrmBranch, recordId: string): Promise<CrmRecord | null>;
  client(branch: CrmBranch, clientId: string): Promise<CrmClient | null>;
  // Records changed in (since, until]: the reconciliation that catches missed webhooks.
  recordsChangedAfter(branch: CrmBranch, since: Date, until: Date): AsyncIterable<CrmRecord>;
  // Confirm-record answers: mark the record confirmed (attendance 2), or cancel it.
  confirmRecord(branch: CrmBranch, recordId: string): Promise<void>;
  cancelRecord(branch: CrmBranch, recordId: string): Promise<void>;
  reference(branch: CrmBranch, kind: ReferenceKind): Promise<ReferenceItem[]>;
  // The clients a segment's CRM conditions select (SPEC 3 Segment), each once, with their visits.
  // Throws UnsupportedCrmFilter for a field the CRM cannot evaluate.
  searchClients(branch: CrmBranch, search: CrmClientSearch, context: CrmSearchContext): AsyncIterable<CrmClientMatch>;
  // Whether the CRM lets us write loyalty cards for this branch (SPEC 4 loyalty_permission_status).
  loyaltyPermission(branch: CrmBranch): Promise<boolean>;
  // Adds (positive) or takes back (negative) points on the client's card of the card type; the
  // card is issued when the client has none. Throws on refusal; the caller retries later.
  loyaltyTransaction(branch: CrmBranch, t: LoyaltyTransaction): Promise<{ reference: string }>;

  // --- Booking (the AI administrator's live data and actions) ---
  // The services with their prices and durations, and the masters, as the CRM lists them now.
  catalogue(branch: CrmBranch): Promise<CrmCatalogue>;
  // Free start times on one branch-local day for a service (its duration) and/or a master; a
  // master that does not do the service, or has no working hours that day, has none.
  freeSlots(branch: CrmBranch, query: FreeSlotsQuery): Promise<CrmSlot[]>;
  // The client's records (not deleted) starting at or after `from`, by the client's phone.
  clientRecords(branch: CrmBranch, phone: string, from: Date): Promise<CrmRecord[]>;
  // Books a record; throws SlotTaken when the time is no longer free.
  book(branch: CrmBranch, booking: CrmBooking): Promise<CrmRecord>;
  // Moves a record to another start (same master and services); throws SlotTaken when not free.
  moveRecord(branch: CrmBranch, recordId: string, startsAt: Date): Promise<CrmRecord>;
}

export interface CrmCatalogue {
  services: CrmService[];
  staff: CrmStaff[];
  categories: ReferenceItem[];
}
export interface CrmService {
  id: string;
  title: string;
  categoryId: string | null;
  priceMin: number;
  priceMax: number;
  durationSec: number;
  // Masters who do it; empty: any master.
  staffIds: string[];
}
export interface CrmStaff {
  id: string;
  name: string;
  specialization: string | null;
}
export interface FreeSlotsQuery {
  // Branch-local calendar day 'YYYY-MM-DD', read in `timeZone`.
  day: string;
  timeZone: string;
  serviceId?: string | undefined;
  staffId?: string | undefined;
}
export interface CrmSlot {
  staffId: string;
  staffName: string;
  startsAt: Date;
  lengthSec: number;
}
export interface CrmBooking {
  client: { name: string; phone: string };
  staffId: string;
  serviceIds: string[];
  startsAt: Date;
  comment?: string | undefined;
}

// The time asked for is taken (someone booked it meanwhile, or it is outside working hours).
export class SlotTaken extends Error {
  constructor(message = 'the time is not free') {
    super(message);
    this.name = 'SlotTaken';
  }
}

// One bonus movement on a client's loyalty card (modules/loyalty's ledger pushes these).
export interface LoyaltyTransaction {
  phone: string;
  clientName: string;
  cardTypeId: string;
  salonGroupId: string | null;
  // Signed points.
  amount: number;
  // What the card's history shows ("Приглашение друга: Анна").
  title: string;
}

// A segment's conditions as far as the CRM knows them: 'sent earlier' and the client's
// isGotSendOuts are about our send-outs, so the mailing module evaluates them itself.
export type CrmSearchCondition = Omit<ClientCondition, 'isGotSendOuts'> | RecordCondition | SaleCondition;
export interface CrmClientSearch {
  operation: SegmentOperation;
  // None: every client of the CRM.
  conditions: CrmSearchCondition[];
}
export interface CrmSearchContext {
  // The branch's day ('YYYY-MM-DD') that ages count to, and the zone its calendar days are in.
  today: string;
  timeZone: string;
}
export interface CrmClientMatch {
  client: Pick<CrmClient, 'id' | 'name' | 'phone'>;
  // Visits the client came to, and the last of them.
  visits: number;
  lastVisitAt: Date | null;
}

// A filter field the branch's CRM has no way to evaluate; the segment cannot be run there as asked.
export class UnsupportedCrmFilter extends Error {
  constructor(readonly field: string) {
    super(`the CRM cannot filter clients by ${field}`);
    this.name = 'UnsupportedCrmFilter';
  }
}

// A change as a CRM reports it (YCLIENTS webhook shape; the local CRM writes the same).
export interface CrmChange {
  companyId: number;
  resource: 'record' | 'client' | string;
  resourceId: string;
  status: 'create' | 'update' | 'delete' | string;
  data: unknown;
}
