import type { ActionSendoutWire, SendoutStatus } from '@salon/contract/mailing-sendouts';
import type { LaunchedSendoutRow, MailingRepository } from './repository.js';

// Ours: the started-mailings table lists the latest send-outs, not the branch's whole history
// (that is the statistics page's job).
export const ACTION_SENDOUTS_LIMIT = 500;

function wire(row: LaunchedSendoutRow, sent: number): ActionSendoutWire {
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
  };
}

export class MailingService {
  constructor(private readonly repo: MailingRepository) {}

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
    return rows.map((row) => {
      if (row.status === 'finished') return wire(row, row.count);
      return wire(row, left.get(row.id) ?? 0);
    });
  }
}
