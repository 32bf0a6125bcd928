// One cache entry per settings section and branch; a save replaces only its own section.
export type SettingsSection = 'general' | 'bill_data' | 'system_messages' | 'priority_channel' | 'sms' | 'sms_balance';

export const settingsQueryKey = (section: SettingsSection, accId: number | null) =>
  ['settings', section, accId] as const;
