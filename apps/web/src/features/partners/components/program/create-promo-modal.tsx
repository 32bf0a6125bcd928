import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PARTNER_RULES } from '@salon/contract/partners-rules';
import { statusMessageKey } from '../../../../shared/api/error-message';
import { showToast } from '../../../../shared/toast/show-toast';
import { useAddPromo } from '../../api/add-promo';
import {
  EMPTY_PROMO_FORM,
  promoFailure,
  promoProblems,
  toAddPromoQuery,
  type PromoForm,
  type PromoProblems,
} from '../../program-rules';

interface CreatePromoModalProps {
  opened: boolean;
  onClose: () => void;
  // The codes the user holds: a repeat is refused before asking the server.
  held: readonly string[];
  // The new code becomes the selected one.
  onCreated: (code: string) => void;
}

// SPEC 3: a new promo code with its name and bonus days (0…365); the server's refusals land on
// their fields.
export function CreatePromoModal({ opened, onClose, held, onCreated }: CreatePromoModalProps) {
  const { t } = useTranslation(['partners', 'errors']);
  const add = useAddPromo();
  const [form, setForm] = useState<PromoForm>(EMPTY_PROMO_FORM);
  const [problems, setProblems] = useState<PromoProblems>({});

  const change = (patch: Partial<PromoForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };
  const close = () => {
    if (add.isPending) return;
    setForm(EMPTY_PROMO_FORM);
    setProblems({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = promoProblems(form, held);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const query = toAddPromoQuery(form);
    add.mutate(query, {
      onSuccess: () => {
        showToast('success', t('partners:program.create.created', { code: query.promo_code }));
        setForm(EMPTY_PROMO_FORM);
        onCreated(query.promo_code);
        onClose();
      },
      onError: (error) => {
        const failure = promoFailure(error);
        if (failure) {
          setProblems({ [failure.field]: failure.key });
          showToast('error', t(`partners:program.create.errors.${failure.key}`));
        } else showToast('error', t(`errors:${statusMessageKey(error)}`));
      },
    });
  };

  const message = (field: keyof PromoForm) => {
    const key = problems[field];
    return key ? t(`partners:program.create.errors.${key}`) : undefined;
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('partners:program.create.title')}
      centered
      data-testid="create-promo-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('partners:program.create.code')}
            description={t('partners:program.create.codeHint')}
            value={form.code}
            onChange={(event) => change({ code: event.currentTarget.value.toUpperCase().slice(0, 20) })}
            autoComplete="off"
            error={message('code')}
            data-autofocus
            data-testid="create-promo-code"
          />
          <TextInput
            label={t('partners:program.create.name')}
            value={form.name}
            onChange={(event) => change({ name: event.currentTarget.value.slice(0, PARTNER_RULES.promoNameMax) })}
            autoComplete="off"
            error={message('name')}
            data-testid="create-promo-name"
          />
          <NumberInput
            label={t('partners:program.create.days')}
            description={t('partners:program.create.daysHint', {
              min: PARTNER_RULES.bonusDaysMin,
              max: PARTNER_RULES.bonusDaysMax,
            })}
            value={form.days}
            onChange={(value) => change({ days: String(value) })}
            min={PARTNER_RULES.bonusDaysMin}
            max={PARTNER_RULES.bonusDaysMax}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={message('days')}
            data-testid="create-promo-days"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending} data-testid="create-promo-cancel">
              {t('partners:common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="create-promo-submit">
              {t('partners:program.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
