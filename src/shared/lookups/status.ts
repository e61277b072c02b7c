/** Status and type catalogues of the report, admin and panel areas (bootstrap lookups). */
export const REPORT_STATUSES = [
  { id: 1, key: 'concept', name: 'Concept' },
  { id: 2, key: 'review', name: 'Ter controle' },
  { id: 3, key: 'published', name: 'Gepubliceerd' },
  { id: 4, key: 'archived', name: 'Gearchiveerd' },
] as const;

/** The tabs of the admin loose-ends screen (spec 000 §2.11), in that order. */
export const LOOSE_END_TYPES = [
  { id: 1, key: 'Report', name: 'Rapportages' },
  { id: 2, key: 'Company', name: 'Organisaties' },
  { id: 3, key: 'Section', name: 'Secties' },
  { id: 4, key: 'Chart', name: 'Grafieken' },
  { id: 5, key: 'Project', name: 'Projecten' },
  { id: 6, key: 'User', name: 'Gebruikers' },
  { id: 7, key: 'Panel', name: 'Panels' },
  { id: 8, key: 'FailedJob', name: 'Mislukte taken' },
  { id: 9, key: 'DataLocation', name: 'Datalocaties' },
] as const;

export const PANEL_FIELD_TYPES = [
  { id: 1, key: 'text', name: 'Tekstveld', hasOptions: false },
  { id: 2, key: 'textarea', name: 'Tekstvak (meerdere regels)', hasOptions: false },
  { id: 3, key: 'number', name: 'Getal', hasOptions: false },
  { id: 4, key: 'date', name: 'Datum', hasOptions: false },
  { id: 5, key: 'select', name: 'Keuzelijst', hasOptions: true },
  { id: 6, key: 'radio', name: 'Keuzerondjes', hasOptions: true },
  { id: 7, key: 'checkbox', name: 'Aankruisvakjes (meerdere keuzes)', hasOptions: true },
  { id: 8, key: 'postcode', name: 'Postcode', hasOptions: false },
] as const;
