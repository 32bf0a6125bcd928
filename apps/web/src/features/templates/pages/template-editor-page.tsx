import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { allows } from '@salon/contract/rights-rules';
import { STATUS } from '@salon/contract/status-text';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/use-session';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useTemplate } from '../api/get-template';
import { EditorSkeleton } from '../components/editor-skeleton';
import { TemplateEditor } from '../components/template-editor';
import { newDraft } from '../template-draft';
import { presetCategory, REVIEW_PRESET_OFFSET_HOURS } from '../template-presets';
import { track } from '../../../shared/metrics/track';

// /template?id (edit), /new_template and /new_wr_template (a review request after the visit).
export type TemplateEditorMode = 'edit' | 'new' | 'review';

function NotFound() {
  const { t } = useTranslation('templates');
  const { accId } = useSession();
  return (
    <PageEmptyState
      testId="template-not-found"
      icon={<IconFileUnknown aria-hidden />}
      title={t('editor.notFound')}
      description={t('editor.notFoundHint')}
      action={
        <Button component={Link} to={`/template_list?accId=${accId ?? ''}`} variant="light">
          {t('editor.toList')}
        </Button>
      }
    />
  );
}

function ExistingTemplate({ id }: { id: number }) {
  const { t } = useTranslation(['templates', 'pages']);
  const { rights } = useSession();
  const template = useTemplate(id);
  if (template.isPending) return <EditorSkeleton />;
  if (template.isError) {
    if (
      isApiError(template.error) &&
      (template.error.httpStatus === 404 || template.error.status === STATUS.notFound)
    ) {
      return <NotFound />;
    }
    return <QueryErrorView error={template.error} onRetry={() => void template.refetch()} />;
  }
  // SPEC 6: editing needs edit_templates, owner or support; the server says so per template too.
  const canEdit = template.data.can_edit && allows(rights, 'editTemplates');
  return <TemplateEditor initial={template.data} canEdit={canEdit} heading={t('pages:titles.template')} />;
}

function NewTemplate({ review }: { review: boolean }) {
  const { t } = useTranslation(['templates', 'pages']);
  const [params] = useSearchParams();
  const [initial] = useState(() =>
    review
      ? newDraft({
          category: 'after_end',
          title: t('templates:presets.review.title'),
          text: t('templates:presets.review.text'),
          offsetHours: REVIEW_PRESET_OFFSET_HOURS,
        })
      : newDraft({ category: presetCategory(params.get('kind')), title: t('templates:presets.newTitle') }),
  );
  return (
    <TemplateEditor
      initial={initial}
      canEdit
      heading={t(review ? 'pages:titles.newWrTemplate' : 'pages:titles.newTemplate')}
    />
  );
}

export function TemplateEditorPage({ mode }: { mode: TemplateEditorMode }) {
  const [params] = useSearchParams();
  useEffect(() => track(mode === 'edit' ? 'open_template' : 'open_new_template'), [mode]);
  if (mode !== 'edit') return <NewTemplate key={mode} review={mode === 'review'} />;
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <ExistingTemplate key={id} id={id} />;
}
