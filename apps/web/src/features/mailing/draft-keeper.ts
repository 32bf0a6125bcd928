import { parsedClientFile, type ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { z } from 'zod';

// What /mailing/new keeps over a reload (issue 12): the parse answer of the uploaded list (its draft
// lives on the server) and the message typed so far. Per tab and branch; the server is asked again
// whether the draft is still there before it is shown.
const kept = z.object({ fileName: z.string().nullable(), parsed: parsedClientFile, text: z.string() });
export type KeptDraft = z.infer<typeof kept>;

const keyOf = (accId: number) => `salon.mailingDraft.${accId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readKeptDraft(accId: number | null): KeptDraft | null {
  if (accId === null) return null;
  const raw = storage()?.getItem(keyOf(accId));
  if (!raw) return null;
  try {
    const parsed = kept.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepDraft(
  accId: number | null,
  draft: { fileName: string | null; parsed: ParsedClientFile | null; text: string },
): void {
  if (accId === null) return;
  const store = storage();
  if (!store) return;
  if (!draft.parsed) {
    store.removeItem(keyOf(accId));
    return;
  }
  store.setItem(keyOf(accId), JSON.stringify({ fileName: draft.fileName, parsed: draft.parsed, text: draft.text }));
}

export function forgetDraft(accId: number | null): void {
  if (accId !== null) storage()?.removeItem(keyOf(accId));
}
