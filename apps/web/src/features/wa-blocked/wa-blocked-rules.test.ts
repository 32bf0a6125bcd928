import { describe, expect, it } from 'vitest';
import { CHANNEL_STATUSES, type BranchWire } from '@salon/contract/accounts';
import { mapBranch, syntheticPartnerBranch } from '../../shared/accounts/branch';
import { branchWireFixture } from '../../testing/accounts-fixtures';
import { shouldShowWaBlocked, WA_BLOCKED_SHOW_LIMIT } from './wa-blocked-rules';

const branch = (wire: Partial<BranchWire> = {}) => mapBranch(branchWireFixture(wire));

describe('WhatsApp-disable modal', () => {
  it('shows for a branch whose WhatsApp is blocked, dropped or in error, until seen once', () => {
    for (const status of ['blocked', 'drop', 'error'] as const) {
      expect(shouldShowWaBlocked(branch({ status_wa: status }), 0), status).toBe(true);
    }
    expect(WA_BLOCKED_SHOW_LIMIT).toBe(1);
    expect(shouldShowWaBlocked(branch({ status_wa: 'blocked' }), 1)).toBe(false);
    expect(shouldShowWaBlocked(branch({ status_wa: 'blocked' }), 5)).toBe(false);
  });

  it('does not show for working, never connected, loading or unpaid WhatsApp', () => {
    const shown = CHANNEL_STATUSES.filter((status) => shouldShowWaBlocked(branch({ status_wa: status }), 0));
    expect([...shown].sort()).toEqual(['blocked', 'drop', 'error']);
    for (const status of ['authenticated', 'not_authenticated', 'got qr code', 'loading', 'no_pay'] as const) {
      expect(shouldShowWaBlocked(branch({ status_wa: status }), 0), status).toBe(false);
    }
  });

  it('needs a real branch and a counted block', () => {
    expect(shouldShowWaBlocked(null, 0)).toBe(false);
    expect(shouldShowWaBlocked(syntheticPartnerBranch('VOLKOV'), 0)).toBe(false);
    // The accounts answer counts the block only when asked to (check_info_block).
    expect(shouldShowWaBlocked(branch({ status_wa: 'blocked' }), null)).toBe(false);
  });
});
