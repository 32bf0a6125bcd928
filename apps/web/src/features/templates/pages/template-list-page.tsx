import { useEffect, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allows } from '@salon/contract/rights-rules';
import type { TemplateListItem } from '@salon/contract/templates';
import { track } from '../../../shared/metrics/track';
import { useSession } from '../../../shared/session/use-session';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useCopyTemplate } from '../api/copy-template';
import { useTemplateList } from '../api/get-template-list';
import { useSwapTemplates } from '../api/swap-templates';
import { useSwitchTemplate } from '../api/switch-template';
import { CopyToBranchesModal } from '../components/copy-to-branches-modal';
import { DeleteTemplateModal } from '../components/delete-template-modal';
import { TemplateGroup } from '../components/template-group';
import type { RowAction } from '../components/template-row';
import { groupsOfView, reorderKind, type TemplateListView } from '../template-list-rules';
import { newTemplateKind } from '../template-presets';

const TITLES = {
  all: 'pages:titles.templateList',
  event: 'pages:titles.templateListEvent',
  time: 'pages:titles.templateListTime',
  consent: 'pages:titles.templateListConsent',
} as const;

interface TemplateListPageProps {
  view: TemplateListView;
  // The section's tab strip, rendered by the app shell.
  tabs?: ReactNode;
}

// /template_list and its event, time and consent tabs (SPEC 2, 4).
export function TemplateListPage({ view, tabs }: TemplateListPageProps) {
  const { t } = useTranslation(['templates', 'pages']);
  const { accId, rights } = useSession();
  const canEdit = allows(rights, 'editTemplates');
  const list = useTemplateList();
  const switcher = useSwitchTemplate();
  const swap = useSwapTemplates();
  const copy = useCopyTemplate();
  const [deleting, setDeleting] = useState<TemplateListItem | null>(null);
  const [copying, setCopying] = useState<TemplateListItem | null>(null);

  // SPEC 7: open_template_all / _event / _time (the consent tab has no event of its own: a no-op).
  useEffect(() => track(`open_template_${view}`), [view]);
  const kind = newTemplateKind(view);
  const newHref = `/new_template?${kind ? `kind=${kind}&` : ''}accId=${accId ?? ''}`;
  const newButton = canEdit ? (
    <Button component={Link} to={newHref} leftSection={<IconPlus size={16} aria-hidden />} data-testid="template-new">
      {t('templates:list.newTemplate')}
    </Button>
  ) : undefined;

  const onAction = (item: TemplateListItem, action: RowAction) => {
    if (action === 'copy') copy.mutate(item);
    if (action === 'copyToBranches') setCopying(item);
    if (action === 'delete') setDeleting(item);
  };

  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton rows={4} height={84} testId="template-list-skeleton" />;
  else if (list.isError) body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  else {
    const groups = groupsOfView(list.data, view).filter((group) => group.items.length > 0);
    body =
      groups.length === 0 ? (
        <PageEmptyState
          testId="template-list-empty"
          icon={<IconTemplate aria-hidden />}
          title={t(`templates:list.empty.${view}`)}
          description={t(canEdit ? 'templates:list.emptyHint' : 'templates:list.emptyHintReadOnly')}
          action={newButton}
        />
      ) : (
        <Stack gap="lg">
          {groups.map((group) => (
            <TemplateGroup
              key={group.kind}
              kind={group.kind}
              items={group.items}
              heading={view === 'all' ? t(`templates:list.groups.${group.kind}`, { count: group.items.length }) : null}
              accId={accId}
              canEdit={canEdit}
              switchingId={switcher.isPending ? (switcher.variables?.item.id ?? null) : null}
              onSwitch={(item, state) => switcher.mutate({ item, state })}
              onReorder={(from, to) =>
                swap.mutate({ kind: group.kind, order: reorderKind(list.data[group.kind], group.items, from, to) })
              }
              onAction={onAction}
            />
          ))}
        </Stack>
      );
  }

  return (
    <Stack gap={0}>
      <PageTitle aside={newButton} video="templates">
        {t(TITLES[view])}
      </PageTitle>
      {tabs}
      {body}
      <DeleteTemplateModal item={deleting} onClose={() => setDeleting(null)} />
      <CopyToBranchesModal item={copying} onClose={() => setCopying(null)} />
    </Stack>
  );
}
