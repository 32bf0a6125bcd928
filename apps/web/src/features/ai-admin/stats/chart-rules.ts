// A period's first day as the chart's axis writes it: 26.11 in Russian, 11/26 in English.
export function shortDay(day: string, language: string | undefined): string {
  const [, month = '', date = ''] = day.split('-');
  return language === 'en' ? `${month}/${date}` : `${date}.${month}`;
}
