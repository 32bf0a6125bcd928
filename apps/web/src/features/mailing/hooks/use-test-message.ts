import { useEffect, useState } from 'react';
import { useTestSendout } from '../api/test-sendout';
import { testErrorMessage } from '../launch-error-rules';
import { testRequest } from '../launch-rules';
import type { NewMailingState } from '../new-mailing-state';
import { showToast } from '../../../shared/toast/show-toast';
import { useMessageText } from './use-message-text';

// SPEC 9: the test-message popup hides after 3 s.
export const TEST_POPUP_MS = 3000;

export interface TestMessage {
  phone: string;
  setPhone: (phone: string) => void;
  canSend: boolean;
  send: () => void;
  sending: boolean;
  // The "sent" popup is showing.
  sent: boolean;
}

// A test message of the current text to one phone (SPEC 7 /test_sendout, SPEC 8 test errors).
export function useTestMessage(state: NewMailingState, values: Readonly<Record<string, string>>): TestMessage {
  const mutation = useTestSendout();
  const messageText = useMessageText();
  const [phone, setPhone] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);

  useEffect(() => {
    if (sentAt === null) return;
    const timer = window.setTimeout(() => setSentAt(null), TEST_POPUP_MS);
    return () => window.clearTimeout(timer);
  }, [sentAt]);

  const request = testRequest(state, phone, values);
  return {
    phone,
    setPhone,
    canSend: request !== null && !mutation.isPending,
    sending: mutation.isPending,
    sent: sentAt !== null,
    send: () => {
      if (!request || mutation.isPending) return;
      mutation.mutate(request, {
        onSuccess: () => setSentAt(Date.now()),
        onError: (error) => showToast('error', messageText(testErrorMessage(error))),
      });
    },
  };
}
