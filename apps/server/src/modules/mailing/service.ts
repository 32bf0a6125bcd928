import type { MailingRepository } from './repository.js';

export class MailingService {
  constructor(private readonly repo: MailingRepository) {}

  isPaid(accId: number): Promise<boolean> {
    return this.repo.payStatus(accId);
  }
}
