import { useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toast/show-toast';
import { useParseClientList } from '../api/parse-client-list';
import type { NewMailingAction } from '../new-mailing-state';
import { fileFailure, parseFailure, type ParseFailure } from '../recipients-rules';

export interface ClientListUpload {
  upload: (file: File) => void;
  cancel: () => void;
  // 0..1 while the file goes out; 1 while the server reads it; null when idle.
  progress: number | null;
  busy: boolean;
}

// Step 1's XLSX source: the checks before the upload, the upload with its progress, and what a
// refusal shows (SPEC 5 client list, SPEC 8 Mailing).
export function useClientListUpload(
  dispatch: Dispatch<NewMailingAction>,
  loyaltyActionId: string | null,
  timeZone: string,
): ClientListUpload {
  const { t } = useTranslation(['mailing', 'errors']);
  const parse = useParseClientList();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const fail = (failure: ParseFailure) => {
    if (failure.kind === 'notFound') {
      dispatch({ type: 'clientsNotFound' });
      return;
    }
    dispatch({ type: 'listCleared' });
    if (failure.kind === 'listStatus') showToast('error', t(`mailing:upload.status.${failure.key}`));
    else if (failure.kind === 'detail') showToast('error', failure.text);
    else if (failure.kind === 'accessDenied') showToast('error', t('errors:status.accessDenied'));
    else showToast('error', t(`errors:${failure.key}`));
  };

  const upload = (file: File) => {
    const refused = fileFailure(file.name, file.size);
    if (refused) {
      fail(refused);
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    dispatch({ type: 'fileChosen', fileName: file.name });
    setProgress(0);
    // The promise, not mutate()'s callbacks: those are dropped when the observer has no listener
    // at the moment the answer lands, and a read list must never go unseen.
    void parse
      .mutateAsync({ file, loyaltyActionId, onProgress: setProgress, signal: current.signal })
      .then(
        (answer) => {
          if (!current.signal.aborted) dispatch({ type: 'parsed', answer, now: Date.now(), timeZone });
        },
        (error: unknown) => {
          if (!current.signal.aborted) fail(parseFailure(error));
        },
      )
      .finally(() => {
        if (controller.current === current) {
          controller.current = null;
          setProgress(null);
        }
      });
  };

  return {
    upload,
    cancel: () => {
      controller.current?.abort();
      controller.current = null;
      setProgress(null);
      dispatch({ type: 'listCleared' });
    },
    progress,
    busy: progress !== null,
  };
}
