import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveTemplateData, saveTemplateResponse } from '@salon/contract/templates';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import type { SaveRequest } from '../template-save-rules';
import { templateKeys } from './template-keys';

// POST /template (multipart): `data` is the JSON of the template, plus one field per new file
// named as its content item's name_field_file. Answers the id and the version saved.
export function saveTemplate({ data, files, query }: SaveRequest) {
  track('save_template_changes');
  const form = new FormData();
  form.append('data', JSON.stringify(saveTemplateData.parse(data)));
  for (const { field, file } of files) form.append(field, file, file.name);
  return api.request({ method: 'POST', path: '/template', query, body: form, schema: saveTemplateResponse });
}

// A save changes the template, the list (title, timing, active) and the statistics' titles.
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  const { accId } = useSession();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.list(accId) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.one(accId, answer.id) });
    },
  });
}
