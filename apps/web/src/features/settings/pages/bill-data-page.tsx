import { useTranslation } from 'react-i18next';
import type { BillData } from '@salon/contract/settings';
import { useSession } from '../../../shared/session/use-session';
import { billDataQuery } from '../api/get-bill-data';
import { saveBillData } from '../api/save-bill-data';
import { billDataProblems, billDataServerError, toBillDataBody } from '../bill-data-rules';
import { BillDataFields } from '../components/bill-data-fields';
import { SettingsPageFrame } from '../components/settings-page-frame';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm } from '../hooks/use-settings-form';

const keep = (value: BillData) => value;
const save = (draft: BillData) => saveBillData(toBillDataBody(draft));

// /bill_data: the details invoices are made out to (SPEC 3, 5).
export function BillDataPage() {
  const { t } = useTranslation(['settings', 'pages']);
  const { accId } = useSession();
  const form = useSettingsForm({
    query: billDataQuery(accId),
    toDraft: keep,
    save,
    validate: billDataProblems,
    serverError: billDataServerError,
  });
  const errorOf = useFieldError(form.fieldErrors);
  return (
    <SettingsPageFrame title={t('pages:titles.billData')} intro={t('settings:bill.intro')} form={form}>
      {(value) => (
        <BillDataFields value={value} update={form.update} onInnBlur={() => form.check(['inn'])} errorOf={errorOf} />
      )}
    </SettingsPageFrame>
  );
}
