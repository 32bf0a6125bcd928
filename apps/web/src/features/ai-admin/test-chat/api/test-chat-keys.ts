// The test chat of a branch sits under the AI administrator's keys (['ai-agent', accId]).
export const testChatKeys = {
  messages: (accId: number | null) => ['ai-agent', accId, 'test-chat'] as const,
};
