import type { ReactNode } from 'react';

// Where the AI administrator's manual mode will offer its suggested answers for the open
// conversation (picking one fills the reply box). Nothing renders until that mode provides them.
export interface ReplySuggestionsProps {
  conversationId: number;
  onPick: (text: string) => void;
}

export function ReplySuggestions(_props: ReplySuggestionsProps): ReactNode {
  return null;
}
