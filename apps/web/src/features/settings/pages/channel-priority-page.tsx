import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/use-session';
import { priorityChannelQuery, type PriorityChannelData } from '../api/get-priority-channel';
import { savePriorityChannel } from '../api/save-priority-channel';
import { PriorityFields } from '../components/priority-fields';
import { HelpDrawerLink } from '../../../shared/ui/help-drawer-link';
import { SettingsPageFrame } from '../components/settings-page-frame';
import { useSettingsForm } from '../hooks/use-settings-form';
import { toPriorityBody, toPriorityDraft, type PriorityDraft } from '../priority-rules';

const toDraft = (answer: PriorityChannelData) => toPriorityDraft(answer.data);
const save = (draft: PriorityDraft) => savePriorityChannel(toPriorityBody(draft));

// /channel_priority: which channel the bot tries first, and whether it waits for it (SPEC 3, 6).
export function ChannelPriorityPage() {
  const { t } = useTranslation(['settings', 'pages']);
  const { accId } = useSession();
  const form = useSettingsForm({ query: priorityChannelQuery(accId), toDraft, save });
  // The same cached answer: which channels have priority data.
  const available = useQuery({ ...priorityChannelQuery(accId), select: (answer) => answer.available }).data ?? [];
  return (
    <SettingsPageFrame
      title={t('pages:titles.channelPriority')}
      intro={t('settings:priority.intro')}
      help={<HelpDrawerLink topic="channelPriority" testId="channel-priority-help" />}
      form={form}
    >
      {(value) => <PriorityFields value={value} available={available} update={form.update} />}
    </SettingsPageFrame>
  );
}
