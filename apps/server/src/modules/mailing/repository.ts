import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { branches } from '../accounts/schema.js';

export class MailingRepository {
  constructor(private readonly db: Db) {}

  async payStatus(accId: number): Promise<boolean> {
    const rows = await this.db.select({ paid: branches.payStatus }).from(branches).where(eq(branches.accId, accId));
    return rows[0]?.paid ?? false;
  }
}
