import { useEffect, useRef } from 'react';
import { useSession } from '../../../shared/session/use-session';
import { getSendoutDraft } from '../api/get-sendout-draft';
import { forgetDraft, keepDraft, readKeptDraft } from '../draft-keeper';
import type { NewMailingAction, NewMailingState } from '../new-mailing-state';

// Reloading /mailing/new keeps the uploaded list and the text: the page restores the draft it kept
// once the server confirms the draft is still there, and keeps what changes from then on.
export function useKeptDraft(state: NewMailingState, dispatch: (action: NewMailingAction) => void, timeZone: string) {
  const { accId } = useSession();
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const kept = readKeptDraft(accId);
    if (!kept) return;
    let live = true;
    getSendoutDraft(kept.parsed.sendout_id).then(
      (answer) => {
        if (!live) return;
        if (kept.fileName) dispatch({ type: 'fileChosen', fileName: kept.fileName });
        dispatch({ type: 'parsed', answer: { ...kept.parsed, sample: answer.sample }, now: Date.now(), timeZone });
        if (kept.text) dispatch({ type: 'text', text: kept.text });
      },
      () => forgetDraft(accId),
    );
    return () => {
      live = false;
    };
  }, [accId, dispatch, timeZone]);

  useEffect(() => {
    // Nothing is written before the restore had its chance, so a reload never wipes the kept draft.
    if (!restored.current) return;
    keepDraft(accId, { fileName: state.fileName, parsed: state.parsed, text: state.text });
  }, [accId, state.fileName, state.parsed, state.text]);
}
