import { BLACKLIST_STATUS } from '@salon/contract/blacklist';
import type { BlacklistRepository } from './repository.js';

export type BlacklistAction = 'add' | 'delete';

// The branch's blocked numbers (SPEC 7 Settings). The dispatcher never sends to a listed number;
// segments and client lists leave them out.
export class BlacklistService {
  constructor(private readonly repo: BlacklistRepository) {}

  list(accId: number): Promise<string[]> {
    return this.repo.list(accId);
  }

  // Adding a listed number or deleting an unlisted one is not a failure: the status says so and
  // the answer carries the list as it is now.
  async apply(accId: number, action: BlacklistAction, phone: string): Promise<{ status: string; data: string[] }> {
    const status =
      action === 'add'
        ? (await this.repo.add(accId, phone))
          ? BLACKLIST_STATUS.added
          : BLACKLIST_STATUS.alreadyAdded
        : (await this.repo.remove(accId, phone))
          ? BLACKLIST_STATUS.deleted
          : BLACKLIST_STATUS.notFound;
    return { status, data: await this.repo.list(accId) };
  }
}
