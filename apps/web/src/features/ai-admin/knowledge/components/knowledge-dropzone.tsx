import { useTranslation } from 'react-i18next';
import { AI_FILE_EXTENSIONS, AI_FILE_MAX_BYTES } from '@salon/contract/ai-files';
import { FileDrop } from '../../../../shared/ui/file-drop';
import { AI_FILE_DROP_ACCEPT, AI_FILE_MAX_MB } from '../knowledge-rules';

interface KnowledgeDropzoneProps {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}

const TYPES = AI_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(', ');

// SPEC 5 AI documents: several files dropped or picked at once. The files the zone refuses join
// the upload queue too, where checkAiFile lists each with its reason.
export function KnowledgeDropzone({ onFiles, disabled }: KnowledgeDropzoneProps) {
  const { t } = useTranslation('ai-files');
  return (
    <FileDrop
      accept={AI_FILE_DROP_ACCEPT}
      maxSize={AI_FILE_MAX_BYTES}
      multiple
      disabled={disabled}
      onDrop={onFiles}
      onReject={onFiles}
      label={t('upload.zoneLabel')}
      title={t('upload.drop')}
      hint={t('upload.hint', { types: TYPES, max: AI_FILE_MAX_MB })}
      pickLabel={t('upload.pick')}
      testId="ai-files-drop"
      inputTestId="ai-files-input"
    />
  );
}
