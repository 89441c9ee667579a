/**
 * How long a diner's data is kept without activity (decision 045): the default of DINER_RETENTION_MONTHS
 * (server env), and the period as the privacy page and the retention email say it.
 */
export const DEFAULT_DINER_RETENTION_MONTHS = 36;

/** '3 ans', '1 an', '18 mois'. */
export function retentionPeriodText(months: number, lang: 'fr' | 'en' = 'fr'): string {
  if (lang === 'en') {
    if (months % 12 !== 0) return months === 1 ? '1 month' : `${months} months`;
    return months === 12 ? '1 year' : `${months / 12} years`;
  }
  if (months % 12 !== 0) return `${months} mois`;
  const years = months / 12;
  return years === 1 ? '1 an' : `${years} ans`;
}
