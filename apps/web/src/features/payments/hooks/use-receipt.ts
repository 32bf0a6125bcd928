import { useState } from 'react';
import type { PaymentHistoryRow } from '@salon/contract/payments';
import { showToast } from '../../../shared/toast/show-toast';
import { getMissingReceipt, probeReceiptLink } from '../api/get-missing-receipt';
import { findReceipt } from '../receipt-rules';
import { usePayErrorText } from './use-pay-error-text';

export type ReceiptState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'notReady' }
  // Found, but the browser blocked the new tab (the search can outlast the click's permission to
  // open one): the link is shown for the user to follow.
  | { kind: 'blocked'; url: string };

// One history row's receipt: found as SPEC 7 says, then opened in a new tab.
export function useReceipt(row: PaymentHistoryRow) {
  const errorText = usePayErrorText();
  const [state, setState] = useState<ReceiptState>({ kind: 'idle' });

  async function open() {
    setState({ kind: 'loading' });
    try {
      const outcome = await findReceipt(row, { probe: probeReceiptLink, ask: getMissingReceipt });
      if (outcome.kind === 'notReady') {
        setState({ kind: 'notReady' });
        return;
      }
      const tab = window.open(outcome.url, '_blank');
      if (tab) {
        // The receipt's site gets no hold on this tab.
        tab.opener = null;
        setState({ kind: 'idle' });
      } else setState({ kind: 'blocked', url: outcome.url });
    } catch (error) {
      setState({ kind: 'idle' });
      showToast('error', errorText(error));
    }
  }

  return { state, open: () => void open() };
}
