/** Dutch texts of a report's protection mode (issue 32, docs/perturbation.md). */
export const protectionNl = {
  /** Report editor, base tab. */
  label: 'Bescherming van kleine groepen',
  modes: {
    suppress: 'Weglaten (exacte aantallen)',
    cellkey: 'Licht afronden (celsleutel)',
  },
  /** One sentence per mode under the choice. */
  help: {
    suppress: 'Weglaten: aantallen zijn exact, maar groepen die te weinig verschillen van een andere groep worden niet getoond, zodat niemand kleine groepen via verschillen kan herleiden.',
    cellkey: 'Licht afronden: elk aantal krijgt een vaste kleine afwijking (meestal hooguit 2, nooit meer dan 5; aantallen onder de minimale groepsgrootte worden 0 of die grootte), zodat verschillen niets verraden en veel meer groepen en perioden zichtbaar blijven; alleen groepen kleiner dan de minimale groepsgrootte blijven weg.',
  },
  /** Refusal of an unknown mode. */
  unknown: 'Kies weglaten of licht afronden',
  /** Once per page, in the PDF and in exports of a report in cell-key mode. */
  notice: 'Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken',
} as const;
