/** What the API pages show an organisation whose plan does not include the API (PlanFeatureGate). */
export const API_GATE = {
  /** PlanFeatureGate shows these words in the tab's language (the catalogue's shell_api_gate_*). */
  copy: 'api' as const,
  title: 'API et webhooks',
  pitch: 'Reliez ReFeed à votre caisse, votre CRM ou vos outils d’analyse : lisez vos avis, vos clients et vos récompenses, et soyez prévenu·e en temps réel.',
  points: [
    'Des clés d’API par organisation : lecture seule ou lecture et écriture, sur tous vos établissements ou certains.',
    'Une documentation OpenAPI 3.1 complète, servie par ReFeed.',
    'Des webhooks signés à chaque nouvel avis, avis négatif, nouveau client et récompense débloquée ou remise, avec nouvelles tentatives automatiques.',
  ],
};
