import { useMutation } from '@tanstack/react-query';
import { startPageAnswer } from '@salon/contract/start-page';
import { api } from '../../../shared/api/api';
import type { toSubmitQuery } from '../start-page-rules';

// POST /start_page (public, SPEC 7): an empty body, everything in the query; the answer is the
// salon's messenger chat link or 'ok'.
export function submitStartPage(query: ReturnType<typeof toSubmitQuery>) {
  return api.request({ method: 'POST', path: '/start_page', query, schema: startPageAnswer, auth: false });
}

export function useSubmitStartPage() {
  return useMutation({ mutationFn: submitStartPage });
}
