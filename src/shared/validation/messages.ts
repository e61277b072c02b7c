/** The shared validation messages of spec 000 §5, verbatim. */
export const messages = {
  required: 'Dit veld mag niet leeg zijn',
  ratingRequired: 'Vul eerst een rating in',
  email: 'Voer een geldig e-mailadres in',
  wholeNumber: 'Dit veld mag alleen hele nummers bevatten',
  min1: 'De minimale waarde van dit veld is 1',
  benchmarkMin: 'Minimaal 1 benchmark',
  max10000: 'De maximale waarde van dit veld is 10000',
  max1000000: 'De maximale waarde van dit veld is 1.000.000',
  tokensMax: 'Maximaal 1.000.000 tokens',
  min2Chars: 'Voer minimaal 2 karakters in',
  maxLength: (n: 40 | 60 | 80 | 120 | 160 | 180 | 191) => `De maximale lengte voor dit veld is ${n} karakters`,
  fileTooLarge: 'Het bestand is te groot (max: 64 MB)',
  minOneOption: 'Selecteer minimaal 1 optie',
} as const;
