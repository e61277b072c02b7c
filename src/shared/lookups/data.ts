/** How values are shown and what kind of data a chart reads (bootstrap lookups). */
export const DATA_FORMATS = [
  { id: 1, key: 'percentage', name: 'Percentage' },
  { id: 2, key: 'count', name: 'Aantal' },
  { id: 3, key: 'percentage-count', name: 'Percentage en aantal' },
  { id: 4, key: 'mean', name: 'Gemiddelde' },
  { id: 5, key: 'grade', name: 'Rapportcijfer (1-10)' },
  { id: 6, key: 'median', name: 'Mediaan' },
] as const;

export const DATA_TYPES = [
  { id: 1, key: 'single', name: 'Enkelvoudige keuze' },
  { id: 2, key: 'multiple', name: 'Meervoudige keuze' },
  { id: 3, key: 'matrix', name: 'Matrixvraag' },
  { id: 4, key: 'numeric', name: 'Numeriek' },
  { id: 5, key: 'scale', name: 'Schaalvraag' },
  { id: 6, key: 'text', name: 'Open tekst' },
  { id: 7, key: 'date', name: 'Datum' },
  { id: 8, key: 'ranking', name: 'Rangorde' },
] as const;

export const KPIS = [
  { id: 1, key: 'response', name: 'Respons' },
  { id: 2, key: 'response-rate', name: 'Responspercentage' },
  { id: 3, key: 'mean-grade', name: 'Gemiddeld rapportcijfer' },
  { id: 4, key: 'nps', name: 'Net Promoter Score' },
  { id: 5, key: 'satisfied', name: 'Percentage (zeer) tevreden' },
  { id: 6, key: 'agree', name: 'Percentage (helemaal) eens' },
  { id: 7, key: 'top-box', name: 'Top-box score' },
] as const;
