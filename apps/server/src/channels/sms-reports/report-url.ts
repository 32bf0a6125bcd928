import { instanceSecret, isInstanceSecret } from '../instance-secret.js';

// Where SMS providers post delivery reports: one URL per channel instance, with a secret in the path
// because a provider calls back a bare URL and sets no header of ours. The secret is derived from the
// installation's key (as the bots' webhook secret is), so nothing is stored and a restart keeps it.

export const SMS_REPORT_PATH = '/api/channels/sms_report';

export function smsReportSecret(key: Buffer, instanceId: string): string {
  return instanceSecret(key, 'sms-report', instanceId);
}

export function isSmsReportSecret(key: Buffer, instanceId: string, given: string | undefined): boolean {
  return isInstanceSecret(key, 'sms-report', instanceId, given);
}

/** The report URL of each instance, under the installation's public address. */
export function smsReportUrl(key: Buffer, publicUrl: string): (instanceId: string) => string {
  const base = publicUrl.replace(/\/+$/, '');
  return (instanceId) =>
    `${base}${SMS_REPORT_PATH}/${encodeURIComponent(instanceId)}/${smsReportSecret(key, instanceId)}`;
}
