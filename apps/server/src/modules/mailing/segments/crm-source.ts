import { SEGMENT_STATUS } from '@salon/contract/mailing-segments';
import {
  UnsupportedCrmFilter,
  type CrmClientMatch,
  type CrmClientSearch,
  type CrmSearchContext,
} from '../../../crm/crm.js';
import type { CrmProcessor } from '../../../crm/processor.js';
import type { CrmRepository } from '../../../crm/repository.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';

// Where a branch's CRM clients come from, as the segments service needs it.
export interface CrmClientSource {
  search(accId: number, search: CrmClientSearch, context: CrmSearchContext): AsyncIterable<CrmClientMatch>;
}

// The branch's own CRM driver, resolved the way the CRM processor resolves it for its events.
// A remote CRM that fails (unreachable, token revoked) is the cabinet's "CRM unavailable", not a
// server error; a filter it cannot evaluate is the caller's to fix.
export function crmClientSource(repo: CrmRepository, processor: CrmProcessor, logger: Logger): CrmClientSource {
  return {
    async *search(accId, search, context) {
      const connection = await repo.connection(accId);
      if (!connection.active || !processor.hasDriver(connection.kind as 'local' | 'yclients')) {
        throw new AppError(409, SEGMENT_STATUS.crmUnavailable, connection.kind);
      }
      const driver = processor.driverOf(connection.kind);
      try {
        yield* driver.searchClients(processor.branch(connection), search, context);
      } catch (err) {
        if (err instanceof UnsupportedCrmFilter) throw new AppError(400, SEGMENT_STATUS.unsupportedFilter, err.field);
        if (err instanceof AppError || connection.kind === 'local') throw err;
        logger.warn({ err, accId, kind: connection.kind }, 'CRM client search failed');
        throw new AppError(502, SEGMENT_STATUS.crmUnavailable, connection.kind);
      }
    },
  };
}
