import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { okSchema } from '@salon/contract/status';
import { switchTemplateBody, type TemplateListItem } from '@salon/contract/templates';
import { templateKind } from '@salon/contract/templates-rules';
import { api } from '../../../shared/api/api';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import { showToast } from '../../../shared/toast/show-toast';
import { numericId, setActive, type TemplateLists } from '../template-list-rules';
import { templateKeys } from './template-keys';

export interface SwitchTemplate {
  item: TemplateListItem;
  state: boolean;
}

// POST /switch_template {template_id, state, tm|em}.
export function switchTemplate({ item, state }: SwitchTemplate) {
  track(state ? 'toggle_template_on' : 'toggle_template_off', { id: item.id });
  const kind = templateKind(item.name);
  const body = switchTemplateBody.parse({
    template_id: numericId(item.id),
    state,
    ...(kind === 'tm' ? { tm: true } : { em: true }),
  });
  return api.request({ method: 'POST', path: '/switch_template', body, schema: okSchema });
}

// The switch flips at once (SPEC 4 "A switch toggles the active flag locally") and flips back if
// the server refuses.
export function useSwitchTemplate() {
  const { t } = useTranslation('templates');
  const queryClient = useQueryClient();
  const { accId } = useSession();
  const listKey = templateKeys.list(accId);
  return useMutation({
    mutationFn: switchTemplate,
    onMutate: async ({ item, state }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<TemplateLists>(listKey);
      if (previous) queryClient.setQueryData(listKey, setActive(previous, item.id, state));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      showToast('error', t('toast.switchError'));
    },
    onSuccess: (_answer, { item, state }) => {
      showToast('success', t(state ? 'toast.switchedOn' : 'toast.switchedOff', { title: item.title }));
      void queryClient.invalidateQueries({ queryKey: templateKeys.one(accId, numericId(item.id)) });
    },
  });
}
