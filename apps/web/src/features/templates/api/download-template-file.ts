import { downloadFile } from '../../../shared/api/download-file';

// GET /template_file?file_id: a file attached to a template, saved under its own name.
export function downloadTemplateFile(fileId: string, fileName: string | null) {
  return downloadFile({ path: '/template_file', query: { file_id: fileId }, fallbackName: fileName ?? 'file' });
}
