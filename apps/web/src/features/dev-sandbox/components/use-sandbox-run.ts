import { useTranslation } from 'react-i18next';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useSandboxAction, type SandboxAction } from '../api/send-sandbox-action';
import { useSandboxBranch } from '../sandbox-branch';
import { resultToast } from '../sandbox-rules';

// Runs a sandbox action for the page's branch and tells its result in a toast.
export function useSandboxRun() {
  const { t } = useTranslation(['dev-sandbox', 'errors']);
  const action = useSandboxAction(useSandboxBranch());
  const run = (input: SandboxAction, onDone?: () => void) =>
    action.mutate(input, {
      onSuccess: ({ result }) => {
        const toast = resultToast(result);
        showToast(
          toast.kind,
          toast.result ? t(`dev-sandbox:result.${toast.result}`) : t('dev-sandbox:toast.result', { result }),
        );
        if (toast.kind === 'success') onDone?.();
      },
      onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
    });
  return { run, pending: action.isPending, variables: action.variables };
}
