import { isObject } from './normalise.js';
import { YclientsClient, YclientsError, type YclientsClientOptions } from './yclients-client.js';

// A salon's company as YCLIENTS describes it before it is connected (the auto-connection wizard
// checks the id and prefills the salon's name and zone).
export interface YclientsCompany {
  title: string;
  // IANA zone; null when YCLIENTS gives none we can read.
  timeZone: string | null;
}

function isZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/');
  } catch {
    return false;
  }
}

// Whole hours east of UTC → the zone name (Etc/GMT names have the sign inverted).
function zoneOfHours(hours: number): string | null {
  if (!Number.isInteger(hours) || hours < -12 || hours > 14) return null;
  if (hours === 3) return 'Europe/Moscow';
  return hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

export function companyOfReply(data: unknown): YclientsCompany | null {
  if (!isObject(data)) return null;
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  const rawZone = data.timezone_name ?? data.timezone;
  const timeZone =
    typeof rawZone === 'string' && isZone(rawZone)
      ? rawZone
      : typeof rawZone === 'number' || (typeof rawZone === 'string' && /^[+-]?\d{1,2}$/.test(rawZone))
        ? zoneOfHours(Number(rawZone))
        : null;
  return { title, timeZone };
}

// GET /company/{id} with the partner token: the company, null when YCLIENTS does not know it,
// undefined when it cannot tell now (a fault: the wizard goes on without the check).
export function yclientsCompanyLookup(
  options: YclientsClientOptions,
): (companyId: number) => Promise<YclientsCompany | null | undefined> {
  const client = new YclientsClient({ maxAttempts: 2, timeoutMs: 8_000, ...options });
  return async (companyId) => {
    try {
      const reply = await client.request({ method: 'GET', path: `/company/${companyId}` });
      return companyOfReply(reply.data) ?? undefined;
    } catch (err) {
      if (err instanceof YclientsError && err.httpStatus === 404) return null;
      return undefined;
    }
  };
}
