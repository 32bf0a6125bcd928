// Live conversations of a branch, under the AI administrator's keys (['ai-agent', accId]).
export const conversationKeys = {
  all: (accId: number | null) => ['ai-agent', accId, 'conversations'] as const,
  list: (accId: number | null, waiting: boolean) => ['ai-agent', accId, 'conversations', 'list', waiting] as const,
  one: (accId: number | null, phone: string) => ['ai-agent', accId, 'conversations', 'one', phone] as const,
};
