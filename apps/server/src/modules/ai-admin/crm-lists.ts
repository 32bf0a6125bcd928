import type { CrmProcessor } from '../../crm/processor.js';
import type { CrmRepository } from '../../crm/repository.js';

export interface CrmOption {
  id: string;
  title: string;
}

export interface AgentCrmLists {
  masters: CrmOption[];
  services: CrmOption[];
  categories: CrmOption[];
}

// What the agent asks of the branch's CRM: the lists its exceptions pick from (SPEC 7 AI host
// options). Throws when the CRM does not answer.
export interface AiAdminCrm {
  lists(accId: number): Promise<AgentCrmLists>;
}

export function aiAdminCrm(deps: { crm: CrmProcessor; crmRepo: CrmRepository }): AiAdminCrm {
  return {
    async lists(accId) {
      const connection = await deps.crmRepo.connection(accId);
      const driver = deps.crm.driverOf(connection.kind);
      const branch = deps.crm.branch(connection);
      const [masters, services, categories] = await Promise.all([
        driver.reference(branch, 'staff'),
        driver.reference(branch, 'services'),
        driver.reference(branch, 'categories'),
      ]);
      const plain = (items: { id: string; title: string }[]) => items.map((i) => ({ id: i.id, title: i.title }));
      return { masters: plain(masters), services: plain(services), categories: plain(categories) };
    },
  };
}
