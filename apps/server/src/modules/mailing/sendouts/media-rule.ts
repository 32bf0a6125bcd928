import { checkMailingMedia, SENDOUT_STATUS_TEXT } from '@salon/contract/mailing-sendouts';
import { sniffContentType } from '../../../platform/files/sniff.js';
import { AppError } from '../../../platform/http/errors.js';
import type { FileRule } from './form.js';

export function mediaRefusal(reason: 'too_big' | 'unsupported_type' | 'empty'): AppError {
  if (reason === 'too_big') return new AppError(413, SENDOUT_STATUS_TEXT.fileTooBig, 'media');
  return new AppError(415, SENDOUT_STATUS_TEXT.unsupportedFile, 'media');
}

// The `media` file of /start_sendout and /test_sendout: SPEC 5 mailing media, at most 20 MB. The
// name picks the group; the bytes must be a format of it (an .exe named .png is refused), and the
// type kept is the one the bytes show, not the one the client declared.
export const MAILING_MEDIA_FILE: FileRule = {
  field: 'media',
  checkName(fileName) {
    const check = checkMailingMedia(fileName, 1);
    return check.ok ? null : mediaRefusal(check.error);
  },
  refusal: mediaRefusal,
  contentTypeOf: sniffContentType,
};
