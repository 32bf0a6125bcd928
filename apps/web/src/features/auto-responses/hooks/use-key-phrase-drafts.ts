import { useCallback, useMemo, useRef, useState } from 'react';
import type { KeyPhraseWire } from '@salon/contract/auto-responses';
import { canAddItem, draftOf, isDraftDirty, keyOfId, newDraft, type KeyPhraseDraft } from '../key-phrase-rules';

export interface KeyPhraseItem {
  // Stays the same when a new phrase is saved and gets its id, so its card keeps focus.
  reactKey: string;
  draft: KeyPhraseDraft;
  saved: KeyPhraseWire | null;
  dirty: boolean;
}

export interface KeyPhraseDrafts {
  items: KeyPhraseItem[];
  dirty: boolean;
  canAdd: boolean;
  // The card to focus: the one just added.
  focusKey: string | null;
  add: () => void;
  change: (key: string, patch: Partial<KeyPhraseDraft>) => void;
  // The server saved the card: its draft gives way to the saved phrase.
  saved: (key: string, wire: KeyPhraseWire) => void;
  // The card is gone (deleted, or a new one dropped).
  removed: (key: string) => void;
  discard: (key: string) => void;
}

// The page's cards: the branch's phrases (with the edits not saved yet) and the new ones below
// them. The switch of a saved phrase is the server's (it saves at once); edits keep the rest.
export function useKeyPhraseDrafts(list: readonly KeyPhraseWire[] | undefined): KeyPhraseDrafts {
  const [edits, setEdits] = useState<Record<string, KeyPhraseDraft>>({});
  const [added, setAdded] = useState<KeyPhraseDraft[]>([]);
  const [reactKeys, setReactKeys] = useState<Record<number, string>>({});
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const sequence = useRef(0);

  const items = useMemo<KeyPhraseItem[]>(
    () => [
      ...(list ?? []).map((wire) => {
        const key = keyOfId(wire.id);
        const draft = { ...(edits[key] ?? draftOf(wire)), active: wire.active };
        return { reactKey: reactKeys[wire.id] ?? key, draft, saved: wire, dirty: isDraftDirty(draft, wire) };
      }),
      ...added.map((draft) => ({ reactKey: draft.key, draft, saved: null, dirty: isDraftDirty(draft, null) })),
    ],
    [list, edits, added, reactKeys],
  );

  const add = useCallback(() => {
    sequence.current += 1;
    const draft = newDraft(sequence.current);
    setAdded((current) => [...current, draft]);
    setFocusKey(draft.key);
  }, []);

  const change = useCallback(
    (key: string, patch: Partial<KeyPhraseDraft>) => {
      setAdded((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
      const wire = list?.find((item) => keyOfId(item.id) === key);
      if (wire) setEdits((current) => ({ ...current, [key]: { ...(current[key] ?? draftOf(wire)), ...patch } }));
    },
    [list],
  );

  const drop = useCallback((key: string) => {
    setAdded((current) => current.filter((draft) => draft.key !== key));
    setEdits((current) =>
      key in current ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)) : current,
    );
  }, []);

  const saved = useCallback(
    (key: string, wire: KeyPhraseWire) => {
      if (key !== keyOfId(wire.id)) setReactKeys((current) => ({ ...current, [wire.id]: key }));
      drop(key);
    },
    [drop],
  );

  return {
    items,
    dirty: items.some((item) => item.dirty),
    canAdd: canAddItem(items.map((item) => item.draft)),
    focusKey,
    add,
    change,
    saved,
    removed: drop,
    discard: drop,
  };
}
