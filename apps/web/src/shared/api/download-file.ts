import { STATUS } from '@salon/contract/status-text';
import { API_BASE_URLS } from '../config/api-config';
import { session } from '../session/session';
import { api } from './api';
import type { ApiHost, QueryValue } from './api-client';
import { ApiError, NETWORK_ERROR_STATUS, statusForHttp } from './api-error';

export interface DownloadRequest {
  path: string;
  query?: Record<string, QueryValue>;
  host?: ApiHost;
  // The name to save under when the answer does not name the file.
  fallbackName: string;
}

// The file name of a Content-Disposition header (RFC 6266 filename* first).
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*[^']*''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

function urlOf(request: DownloadRequest): string {
  const current = session.get();
  const params = new URLSearchParams();
  const query: Record<string, QueryValue> = {
    user_id: current.userId,
    acc_id: current.accId,
    branch_id: current.branchId,
    s_a: current.accId === null ? null : current.sendOutAccount ? 1 : 0,
    ...request.query,
  };
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return `${API_BASE_URLS[request.host ?? 'main'].replace(/\/$/, '')}${request.path}?${params.toString()}`;
}

async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { status?: unknown; detail?: unknown };
    if (typeof body.status === 'string') {
      return new ApiError(body.status, response.status, typeof body.detail === 'string' ? body.detail : undefined);
    }
  } catch {
    // not JSON: fall back to the HTTP status
  }
  return new ApiError(statusForHttp(response.status), response.status);
}

// A binary answer (an attached file, an Excel report) saved by the browser. Carries the bearer and
// the session parameters like every call, and refreshes an expired token once (SPEC 7).
export async function downloadFile(request: DownloadRequest): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const token = session.get().accessToken;
    let response: Response;
    try {
      response = await fetch(urlOf(request), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new ApiError(NETWORK_ERROR_STATUS, 0);
    }
    if (response.ok) {
      const blob = await response.blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = fileNameOf(response.headers.get('Content-Disposition'), request.fallbackName);
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(href), 1000);
      return;
    }
    const error = await failureOf(response);
    const refreshable = (response.status === 401 || response.status === 403) && error.status !== STATUS.accessDenied;
    if (!refreshable || attempt > 0) throw error;
    await api.refreshAccessToken();
  }
}
