import { aiAgentKeys } from '../../api/ai-agent-keys';

// The knowledge files of a branch, under the AI administrator's keys (['ai-agent', accId, ...]).
export const knowledgeKeys = {
  files: (accId: number | null) => [...aiAgentKeys.all(accId), 'files'] as const,
  totalSize: (accId: number | null) => [...aiAgentKeys.all(accId), 'files-total-size'] as const,
};
