/** Dutch texts of the report filters (benchmark side menu, spec 001 §4/§7) and the R charts. */
export const reportFiltersNl = {
  filterCategory: 'Filtercategorie',
  filterOption: 'Filteroptie',
  attached: 'Filtercategorie is aan de rapportage gekoppeld',
  detached: 'Filtercategorie is van de rapportage losgekoppeld',
  optionShown: 'Filteroptie wordt in de rapportage getoond',
  optionHidden: 'Filteroptie wordt in de rapportage verborgen',
  notOfProject: 'Deze filtercategorie hoort niet bij het project van deze rapportage.',
  surveyNotUsed: 'Deze filtercategorie hoort bij een enquête die niet aan het project van deze rapportage gekoppeld is.',
  notAttached: 'Deze filtercategorie is niet aan de rapportage gekoppeld.',
  foreignFilterOption: 'Een gekozen filteroptie hoort niet bij dit rapport',
  date: 'Voer een geldige datum in (jjjj-mm-dd)',
  exposed: 'Kies of de filteroptie getoond wordt (true of false)',
  rchart: 'R-grafiek',
} as const;
