// Query keys of the inbox, so each mutation invalidates only what it changed.
export const chatKeys = {
  all: (accId: number | null) => ['chat-history', accId] as const,
  conversations: (accId: number | null) => ['chat-history', accId, 'conversations'] as const,
  thread: (accId: number | null, conversationId: number) => ['chat-history', accId, 'thread', conversationId] as const,
  search: (accId: number | null, phone: string) => ['chat-history', accId, 'search', phone] as const,
};
