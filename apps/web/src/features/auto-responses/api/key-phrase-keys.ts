// Every auto-responses query of a branch sits under ['key-phrases', accId] so a branch switch
// never shows another branch's phrases; mutations touch only what they change.
export const keyPhraseKeys = {
  all: (accId: number | null) => ['key-phrases', accId] as const,
  list: (accId: number | null) => ['key-phrases', accId, 'list'] as const,
  settings: (accId: number | null) => ['key-phrases', accId, 'settings'] as const,
};
