import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { allowedToRunOptions } from '../api/allowed-to-run';
import { checkPayedQuery } from '../api/check-payed';
import { useStartSendout } from '../api/start-sendout';
import { allowedRefusal, launchErrorMessage } from '../launch-error-rules';
import { allowedToRunQuery, startRequest } from '../launch-rules';
import { MAILING_STARTED_PATH, withBranch } from '../mailing-paths';
import { formatZoned } from '../mailing-time-rules';
import type { NewMailingState } from '../new-mailing-state';
import { useMessageText } from './use-message-text';

export interface Launch {
  launch: () => Promise<void>;
  // True from the click until the answer: the checks, then the start itself.
  pending: boolean;
}

// SPEC 4/8: before a launch the mailing account must be paid (else a toast, no start) and the start
// allowed (a refusal shows its mapped message); then the start, a scheduled or started toast, and
// the started list. A second click while one is under way sends nothing (the server refuses a
// second start of the same draft too).
export function useLaunch(state: NewMailingState, timeZone: string): Launch {
  const { t, i18n } = useTranslation('mailing');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const navigate = useNavigate();
  const start = useStartSendout();
  const messageText = useMessageText();
  const inFlight = useRef(false);
  const [checking, setChecking] = useState(false);

  const launch = async () => {
    const request = startRequest(state, timeZone);
    if (inFlight.current || !request) return;
    inFlight.current = true;
    setChecking(true);
    try {
      const paid = await queryClient.fetchQuery({ ...checkPayedQuery(accId), staleTime: 0 });
      if (!paid) {
        showToast('error', t('launch.notPaid'));
        return;
      }
      const query = allowedToRunQuery(state, timeZone);
      if (query) {
        const answer = await queryClient.fetchQuery({ ...allowedToRunOptions(accId, query), staleTime: 0 });
        const refusal = allowedRefusal(answer);
        if (refusal) {
          showToast('error', messageText(refusal));
          return;
        }
      }
      const answer = await start.mutateAsync(request);
      showToast(
        'success',
        answer.status === 'planned'
          ? t('launch.toast.scheduled', {
              count: answer.count,
              time: formatZoned(answer.time_start, timeZone, localeOf(i18n.language)),
            })
          : t('launch.toast.started', { count: answer.count }),
      );
      void navigate(withBranch(MAILING_STARTED_PATH, accId));
    } catch (error) {
      showToast('error', messageText(launchErrorMessage(error)));
    } finally {
      inFlight.current = false;
      setChecking(false);
    }
  };

  return { launch, pending: checking || start.isPending };
}
