import { describe, expect, it } from 'vitest';
import { branchTarget } from './branch-target';
import type { Branch } from '../../shared/accounts/branch';

const branch = (patch: Partial<Branch>) => ({ accId: 1001, isSynthetic: false, ...patch }) as Branch;

describe('where choosing a branch leads', () => {
  it('opens the dashboard of the branch', () => {
    expect(branchTarget(branch({}))).toBe('/main?accId=1001');
  });
  it('opens the connection page when the login link asked for it', () => {
    expect(branchTarget(branch({}), true)).toBe('/connection?accId=1001');
  });
  it('sends a partner without branches to the partner programme', () => {
    expect(branchTarget(branch({ isSynthetic: true }), true)).toBe('/partners_program');
  });
});
