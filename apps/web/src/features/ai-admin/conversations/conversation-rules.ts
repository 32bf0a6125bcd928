import { HUMAN_PAUSE_MINUTES, type ConversationWire, type TakeoverState } from '@salon/contract/ai-chat';

// How long "Pause" stops the bot; the first is the default, as long as a message from the salon's phone.
export const PAUSE_MINUTES = [HUMAN_PAUSE_MINUTES, 15, 30, 120, 240, 1440] as const;

// Who answers now. A pause that has run out is the bot again, even before the next refresh.
export function effectiveTakeover(
  conversation: Pick<ConversationWire, 'state' | 'paused_till'>,
  now: number,
): TakeoverState {
  if (conversation.state !== 'paused') return conversation.state;
  if (conversation.paused_till === null) return 'paused';
  return Date.parse(conversation.paused_till) > now ? 'paused' : 'bot';
}

export type TakeoverAction = 'human' | 'pause' | 'bot';

// The takeover buttons for a state: a person can take over or pause a bot, and give it back.
export function takeoverActions(state: TakeoverState): TakeoverAction[] {
  switch (state) {
    case 'bot':
      return ['human', 'pause'];
    case 'paused':
      return ['human', 'pause', 'bot'];
    case 'human':
      return ['bot', 'pause'];
  }
}

// Taking over silences the bot for good: it is asked before it happens.
export function needsConfirmation(action: TakeoverAction): boolean {
  return action === 'human';
}

// Newest first, with the ones a suggestion waits on at the top.
export function sortConversations(list: readonly ConversationWire[]): ConversationWire[] {
  return [...list].sort((a, b) => {
    const waitA = a.recommended_answer ? 1 : 0;
    const waitB = b.recommended_answer ? 1 : 0;
    if (waitA !== waitB) return waitB - waitA;
    return b.last_message_at.localeCompare(a.last_message_at);
  });
}
