// A calendar day 'YYYY-MM-DD' as the cabinet writes it: 26.11.2026 in Russian, 11/26/2026 in English.
export function dayText(day: string, language: 'ru' | 'en' = 'ru'): string {
  const [y, m, d] = day.split('-');
  return language === 'en' ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
}
