// Every AI-administrator query of a branch sits under ['ai-agent', accId].
export const aiAgentKeys = {
  all: (accId: number | null) => ['ai-agent', accId] as const,
  agent: (accId: number | null) => ['ai-agent', accId, 'agent'] as const,
  options: (accId: number | null) => ['ai-agent', accId, 'options'] as const,
};
