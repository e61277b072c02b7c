/**
 * Widgets a section can hold besides charts (bootstrap lookup `widgets`). Ids are stable: report
 * widgets store them. `settings` names the keys a widget's settings object may carry
 * (validated in shared/validation/reports-parts.ts). `heading` is what readers see above a
 * widget that was given no label of its own: a heading for readers, not the editor's type name.
 */
export const WIDGETS = [
  { id: 1, key: 'response-counter', name: 'Responsteller', heading: 'Aantal respondenten', description: 'Het aantal respondenten binnen de gekozen filters en periode.', settings: ['label'] },
  { id: 2, key: 'date-range', name: 'Onderzoeksperiode', heading: 'Periode van het onderzoek', description: 'De begin- en einddatum van de rapportage.', settings: ['label'] },
  { id: 3, key: 'min-n-notice', name: 'Melding minimale groepsgrootte', heading: 'Kleine groepen', description: 'Uitleg dat resultaten van minder dan {min_n} respondenten niet getoond worden.', settings: ['label'] },
  { id: 4, key: 'contact', name: 'Contactblok', heading: 'Contact', description: 'Naam, e-mailadres en telefoonnummer van de contactpersoon.', settings: ['label', 'name', 'email', 'phone', 'text'] },
] as const;

export type WidgetKey = (typeof WIDGETS)[number]['key'];
