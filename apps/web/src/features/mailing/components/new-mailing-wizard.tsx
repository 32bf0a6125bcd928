import { useEffect, useState } from 'react';
import { Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useKeptDraft } from '../hooks/use-kept-draft';
import { useLaunch } from '../hooks/use-launch';
import { useNewMailing } from '../hooks/use-new-mailing';
import { useTestMessage } from '../hooks/use-test-message';
import { messageKeys, sampleValues } from '../message-rules';
import { canOpenStep, shownCount, STEPS, type StepIndex } from '../new-mailing-state';
import { CalendarModal } from './calendar-modal';
import { ContentsStep } from './contents-step';
import { LaunchStep } from './launch-step';
import { RecipientsStep } from './recipients-step';
import { track } from '../../../shared/metrics/track';

// /mailing/new: Recipients → Contents → Test and launch (SPEC 2). Steps open in order; the step
// headers and the Back/Next buttons are ordinary buttons, so the keyboard reaches them all.
export function NewMailingWizard() {
  const { t } = useTranslation('mailing');
  const mobile = useIsMobile();
  const wizard = useNewMailing();
  const { state, dispatch, problems, timeZone, now } = wizard;
  const [tried, setTried] = useState<ReadonlySet<StepIndex>>(new Set());

  useKeptDraft(state, dispatch, timeZone);
  // SPEC 7 preview_sendout: the test-and-launch step shows the message as recipients get it.
  useEffect(() => (state.step === 2 ? track('preview_sendout') : undefined), [state.step]);

  const keys = messageKeys(state.parsed?.keys ?? [], state.loyaltyActionId);
  // The list's first recipient fills the preview and the test message; a key they have no value
  // for shows as [key].
  const sample = state.parsed?.sample ?? null;
  const values = sampleValues(keys, {
    name: sample?.name ?? t('sample.name'),
    phone: sample?.phone ?? state.parsed?.owner_phone ?? t('sample.phone'),
    link: t('sample.link'),
    optIn: { max_link: t('sample.max_link'), tg_bot_link: t('sample.tg_bot_link') },
    other: (key) => (sample?.[key] ? sample[key] : `[${key}]`),
  });
  const test = useTestMessage(state, values);
  const launch = useLaunch(state, timeZone);

  const startError = problems.launch ? t(`launch.problem.${problems.launch}`) : undefined;
  const next = () => {
    const target = (state.step + 1) as StepIndex;
    if (canOpenStep(target, problems)) wizard.goTo(target);
    else setTried((current) => new Set(current).add(state.step));
  };
  const stepProblem =
    state.step === 0 && tried.has(0) && problems.recipients
      ? t(`steps.problem.${problems.recipients}`)
      : state.step === 1 && tried.has(1) && problems.contents
        ? t(`steps.problem.${problems.contents}`)
        : null;

  return (
    <Stack gap="lg">
      <Stepper
        active={state.step}
        onStepClick={(step) => wizard.goTo(step as StepIndex)}
        allowNextStepsSelect={false}
        orientation={mobile ? 'vertical' : 'horizontal'}
        size={mobile ? 'sm' : 'md'}
        data-testid="mailing-stepper"
      >
        {STEPS.map((step, index) => (
          <Stepper.Step
            key={step}
            label={t(`steps.${step}.label`)}
            description={mobile ? undefined : t(`steps.${step}.description`)}
            allowStepSelect={index <= state.step || canOpenStep(index as StepIndex, problems)}
            data-testid={`mailing-step-${step}`}
          />
        ))}
      </Stepper>

      <div data-testid={`mailing-step-body-${STEPS[state.step]}`}>
        {state.step === 0 && <RecipientsStep state={state} dispatch={dispatch} timeZone={timeZone} />}
        {state.step === 1 && (
          <ContentsStep state={state} dispatch={dispatch} values={values} showProblems={tried.has(1)} />
        )}
        {state.step === 2 && (
          <LaunchStep
            state={state}
            dispatch={dispatch}
            problems={problems}
            timeZone={timeZone}
            now={now}
            test={test}
            launch={launch}
            startError={startError}
          />
        )}
      </div>

      {stepProblem && (
        <Text size="sm" c="red.7" role="alert" data-testid="mailing-step-problem">
          {stepProblem}
        </Text>
      )}

      <Group justify="space-between">
        {state.step > 0 ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => wizard.goTo((state.step - 1) as StepIndex)}
            disabled={launch.pending}
            data-testid="mailing-back"
          >
            {t('steps.back')}
          </Button>
        ) : (
          <span />
        )}
        {state.step < 2 && (
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={next} data-testid="mailing-next">
            {state.step === 0 && state.parsed
              ? t('steps.nextWithCount', { count: shownCount(state) })
              : t('steps.next')}
          </Button>
        )}
      </Group>

      {state.parsed && (
        <CalendarModal
          opened={state.calendarSaved !== null}
          start={state.start}
          parsed={state.parsed}
          count={shownCount(state)}
          betweenTime={state.betweenTime}
          timeZone={timeZone}
          now={now}
          startError={startError}
          onPick={(day) => dispatch({ type: 'calendarPick', day })}
          onTime={(time) => dispatch({ type: 'startTime', time })}
          onConfirm={() => dispatch({ type: 'calendarConfirm' })}
          onCancel={() => dispatch({ type: 'calendarCancel' })}
        />
      )}
    </Stack>
  );
}
