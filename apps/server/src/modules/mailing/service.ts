import type { ActionSendoutWire, SendoutStatus, SendoutStallWire } from '@salon/contract/mailing-sendouts';
import type { LaunchedSendoutRow, MailingRepository } from './repository.js';
import type { Stall } from './sendouts/stall.js';

// The waits of a branch's started send-outs by id (sendouts/stalls.ts).
export interface StallSource {
  forBranch(accId: number): Promise<Map<string, Stall>>;
}

export function stallWire(stall: Stall | null | undefined): SendoutStallWire | null {
  return stall ? { reason: stall.reason, resumes_at: stall.resumesAt?.toISOString() ?? null } : null;
}

// Ours: the started-mailings table lists the latest send-outs, not the branch's whole history
// (that is the statistics page's job).
export const ACTION_SENDOUTS_LIMIT = 500;

function wire(row: LaunchedSendoutRow, sent: number, stall: Stall | null = null): ActionSendoutWire {
  const process = row.count > 0 ? Math.min(100, Math.round((sent / row.count) * 1000) / 10) : 100;
  return {
    sendout_id: row.id,
    date: (row.timeStart ?? row.createdAt).toISOString(),
    msg: row.text,
    process,
    status: row.status as SendoutStatus,
    count: row.count,
    sent,
    source: row.source === 'crm' ? 'crm' : 'xlsx',
    stall: stallWire(stall),
  };
}

export class MailingService {
  constructor(
    private readonly repo: MailingRepository,
    private readonly stalls?: StallSource,
  ) {}

  isPaid(accId: number): Promise<boolean> {
    return this.repo.payStatus(accId);
  }

  // GET /action_sendouts (SPEC 3 listing). process is the share of the recipients whose message
  // left the outbox; it is counted only for send-outs on the way (a planned one has sent nothing,
  // a finished one everything), so the list stays cheap however many finished ones it shows.
  async actionSendouts(accId: number): Promise<ActionSendoutWire[]> {
    const rows = await this.repo.launched(accId, ACTION_SENDOUTS_LIMIT);
    const moving = rows.filter((r) => r.status === 'started' || r.status === 'paused').map((r) => r.id);
    const left = await this.repo.leftCounts(moving);
    const stalls =
      rows.some((r) => r.status === 'started') && this.stalls
        ? await this.stalls.forBranch(accId)
        : new Map<string, Stall>();
    return rows.map((row) => {
      if (row.status === 'finished') return wire(row, row.count);
      return wire(row, left.get(row.id) ?? 0, stalls.get(row.id) ?? null);
    });
  }
}
