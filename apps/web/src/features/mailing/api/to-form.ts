import type { MediaDraft } from '../new-mailing-state';

type FormValue = string | number | boolean | undefined | null;

// A multipart form of plain fields (absent ones left out) and the optional `media` file.
export function toForm(fields: Readonly<Record<string, FormValue>>, media: MediaDraft | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, String(value));
  }
  if (media) form.append('media', media.file, media.name);
  return form;
}
