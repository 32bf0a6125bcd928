import type { FastifyRequest } from 'fastify';
import { FEEDBACK_FILE_FIELD, SUPPORT_STATUS } from '@salon/contract/support';
import type { FileStore } from '../../platform/files/file-store.js';
import { readOneFileForm, type FormFile, type OneFileForm } from '../../platform/http/one-file-form.js';

export type FeedbackFile = FormFile;
export type FeedbackForm = OneFileForm;

// The feedback form: its text fields and one optional file (SPEC 5: up to 20 MB, of the allowed
// groups), typed by its bytes.
export function readFeedbackForm(request: FastifyRequest, store: FileStore): Promise<FeedbackForm> {
  return readOneFileForm(request, store, {
    fileField: FEEDBACK_FILE_FIELD,
    statuses: { tooBig: SUPPORT_STATUS.fileTooBig, unsupported: SUPPORT_STATUS.fileUnsupported },
  });
}
