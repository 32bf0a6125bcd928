import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_MIDDLE_STEPS } from '@salon/contract/reviews';
import { useSession } from '../../../shared/session/use-session';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { EditorStatsLink } from '../../../shared/ui/editor-stats-link';
import { LeaveConfirmModal } from '../../../shared/ui/leave-confirm-modal';
import { PageTitle } from '../../../shared/ui/page-title';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useDeleteStep } from '../api/delete-review-step';
import { useChainEditor } from '../hooks/use-chain-editor';
import {
  addMiddleStep,
  errorCode,
  removeMiddleStep,
  setMiddleActive,
  stepNumbers,
  updateMiddleStep,
  type ChainDraft,
} from '../review-chain-rules';
import { FiltersSection } from './filters-section';
import { FirstStepSection } from './first-step-section';
import { LastStepSection } from './last-step-section';
import { MiddleStepCard } from './middle-step-card';
import { ReviewSitesSection } from './review-sites-section';
import { SaveBar } from '../../../shared/ui/save-bar';

interface ChainEditorProps {
  initial: ChainDraft;
  heading: string;
}

// The review chain form (SPEC 4 Review chain): step 1, up to three reminders, the last step, the
// branch's review links; a sticky save bar and the leave guard.
export function ChainEditor({ initial, heading }: ChainEditorProps) {
  const { t } = useTranslation('reviews');
  const navigate = useNavigate();
  const { accId } = useSession();
  const editor = useChainEditor(initial);
  const guard = useLeaveGuard(editor.dirty);
  const removeStep = useDeleteStep();
  const [deleting, setDeleting] = useState<number | null>(null);
  const { draft, edit, problems } = editor;
  const numbers = stepNumbers(draft.middle.length);
  const errorText = (code: string | undefined) => (code ? t(`errors.${errorCode(code)}`) : undefined);

  const save = async () => {
    const id = await editor.save();
    if (id !== null && draft.id === null) {
      // A new chain continues at its own address, so the next save updates it.
      guard.allowNext();
      void navigate(`/reviews/one_review?id=${id}&accId=${accId ?? ''}`, { replace: true });
    }
  };

  const deletingStep = deleting === null ? undefined : draft.middle[deleting];
  const confirmDelete = () => {
    if (deleting === null || !deletingStep) return;
    const index = deleting;
    if (draft.id === null || !deletingStep.saved) {
      edit((d) => removeMiddleStep(d, index));
      setDeleting(null);
      return;
    }
    removeStep.mutate(
      { chainId: draft.id, stepNumber: numbers.middle[index] ?? index + 2 },
      {
        onSuccess: () => {
          edit((d) => removeMiddleStep(d, index));
          setDeleting(null);
        },
      },
    );
  };

  const formProblem = problems.form ?? problems.filters ?? problems.middle;

  return (
    <Stack gap="md">
      <PageTitle
        aside={
          draft.id !== null ? (
            <EditorStatsLink to={`/reviews/statistics?accId=${accId ?? ''}`} label={t('editor.stats')} />
          ) : undefined
        }
      >
        {draft.title.trim() || heading}
      </PageTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        data-testid="chain-editor"
      >
        <Stack gap="md">
          {formProblem && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="editor-problem"
            >
              {errorText(formProblem)}
            </Alert>
          )}
          <FirstStepSection draft={draft} edit={edit} problems={problems} errorText={errorText} />
          <FiltersSection draft={draft} edit={edit} problems={problems} errorText={errorText} />
          {draft.middle.map((step, index) => {
            const number = numbers.middle[index] ?? index + 2;
            return (
              <MiddleStepCard
                key={step.key}
                step={step}
                number={number}
                error={errorText(problems[`middle.${index}`])}
                onText={(text) => edit((d) => updateMiddleStep(d, index, { text }))}
                onActive={(active) => edit((d) => setMiddleActive(d, index, active))}
                onDelay={(delayHours) => edit((d) => updateMiddleStep(d, index, { delayHours }))}
                onDelete={() => setDeleting(index)}
              />
            );
          })}
          <Stack gap={6}>
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => edit((d) => addMiddleStep(d))}
                aria-describedby="middle-steps-note"
                data-testid="middle-add"
              >
                {t('editor.middle.add')}
              </Button>
            </Group>
            <Text
              id="middle-steps-note"
              size="xs"
              c={editor.tooManySteps ? 'red.7' : 'dimmed'}
              role={editor.tooManySteps ? 'alert' : undefined}
              data-testid={editor.tooManySteps ? 'too-many-steps' : 'middle-steps-note'}
            >
              {editor.tooManySteps
                ? t('notice.tooManySteps', { max: MAX_MIDDLE_STEPS })
                : t('editor.middle.note', { count: draft.middle.length, max: MAX_MIDDLE_STEPS })}
            </Text>
          </Stack>
          <LastStepSection draft={draft} number={numbers.last} edit={edit} problems={problems} errorText={errorText} />
          <ReviewSitesSection draft={draft} edit={edit} problems={problems} errorText={errorText} />
        </Stack>
        <SaveBar dirty={editor.dirty} saving={editor.saving} isNew={draft.id === null} onDiscard={editor.discard} />
      </form>
      <ConfirmModal
        opened={deleting !== null}
        title={t('editor.middle.deleteTitle')}
        text={t('editor.middle.deleteText', { number: deleting === null ? 0 : (numbers.middle[deleting] ?? 0) })}
        confirm={t('delete.confirm')}
        cancel={t('delete.cancel')}
        busy={removeStep.isPending}
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="step-delete-modal"
      />
      <LeaveConfirmModal opened={guard.blocked} onLeave={guard.leave} onStay={guard.stay} text={t('leave.text')} />
    </Stack>
  );
}
