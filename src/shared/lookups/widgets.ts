/**
 * Widgets a section can hold besides charts (bootstrap lookup `widgets`). Ids are stable: report
 * widgets store them. `settings` names the keys a widget's settings object may carry
 * (validated in shared/validation/reports-parts.ts).
 */
export const WIDGETS = [
  { id: 1, key: 'response-counter', name: 'Responsteller', description: 'Het aantal respondenten binnen de gekozen filters en periode.', settings: ['label'] },
  { id: 2, key: 'date-range', name: 'Onderzoeksperiode', description: 'De begin- en einddatum van de rapportage.', settings: ['label'] },
  { id: 3, key: 'min-n-notice', name: 'Melding minimale groepsgrootte', description: 'Uitleg dat resultaten van minder dan {min_n} respondenten niet getoond worden.', settings: ['label'] },
  { id: 4, key: 'contact', name: 'Contactblok', description: 'Naam, e-mailadres en telefoonnummer van de contactpersoon.', settings: ['label', 'name', 'email', 'phone', 'text'] },
] as const;

export type WidgetKey = (typeof WIDGETS)[number]['key'];
