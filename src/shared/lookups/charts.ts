/** Chart catalogues (bootstrap lookups, spec 000 §7). Ids are stable: charts store them. */
export const CHART_TYPES = [
  { id: 1, key: 'bar', name: 'Staafdiagram (horizontaal)' },
  { id: 2, key: 'column', name: 'Kolomdiagram' },
  { id: 3, key: 'stacked-bar', name: 'Gestapeld staafdiagram' },
  { id: 4, key: 'stacked-bar-100', name: 'Gestapeld staafdiagram (100%)' },
  { id: 5, key: 'pie', name: 'Cirkeldiagram' },
  { id: 6, key: 'donut', name: 'Ringdiagram' },
  { id: 7, key: 'line', name: 'Lijndiagram' },
  { id: 8, key: 'area', name: 'Vlakdiagram' },
  { id: 9, key: 'table', name: 'Tabel' },
  { id: 10, key: 'kpi', name: 'Kengetal (KPI)' },
  { id: 11, key: 'gauge', name: 'Meter' },
  { id: 12, key: 'wordcloud', name: 'Woordwolk' },
  { id: 13, key: 'open-answers', name: 'Open antwoorden' },
  { id: 14, key: 'net-promoter', name: 'Net Promoter Score' },
  { id: 15, key: 'map', name: 'Kaart (wijken en buurten)' },
  { id: 16, key: 'rchart', name: 'R-grafiek' },
] as const;

export const CHART_SORTING_OPTIONS = [
  { id: 1, key: 'original', name: 'Volgorde van de vragenlijst' },
  { id: 2, key: 'value-desc', name: 'Hoogste waarde eerst' },
  { id: 3, key: 'value-asc', name: 'Laagste waarde eerst' },
  { id: 4, key: 'label-asc', name: 'Alfabetisch (A-Z)' },
  { id: 5, key: 'label-desc', name: 'Alfabetisch (Z-A)' },
] as const;

/** Time granularity for trend charts; 0 = no split in time (spec 001 §9 default). */
export const GRANULARITY = [
  { id: 0, key: 'none', name: 'Totaal over de periode' },
  { id: 1, key: 'day', name: 'Dag' },
  { id: 2, key: 'week', name: 'Week' },
  { id: 3, key: 'month', name: 'Maand' },
  { id: 4, key: 'quarter', name: 'Kwartaal' },
  { id: 5, key: 'year', name: 'Jaar' },
] as const;

/** Fill patterns so charts stay readable when printed in grey or viewed with colour blindness. */
export const PATTERNS = [
  { id: 1, key: 'solid', name: 'Effen' },
  { id: 2, key: 'diagonal', name: 'Diagonale lijnen' },
  { id: 3, key: 'diagonal-reverse', name: 'Diagonale lijnen (gespiegeld)' },
  { id: 4, key: 'horizontal', name: 'Horizontale lijnen' },
  { id: 5, key: 'vertical', name: 'Verticale lijnen' },
  { id: 6, key: 'dots', name: 'Stippen' },
  { id: 7, key: 'cross', name: 'Ruit' },
  { id: 8, key: 'zigzag', name: 'Zigzag' },
] as const;

/** Colour schemes: loopable schemes repeat for long option lists; scales (not loopable) stretch. */
export const COLOR_SCHEMES = [
  // Colour-blind safe (tests/unit/palettes.test.ts: deuteranopia, Machado 2009, CIEDE2000): no red
  // next to green; the answer scales diverge from red over grey to blue.
  { id: 1, name: 'ImpulZ', loopable: true, colors: ['#1f4e79', '#e69f00', '#56b4e9', '#cc79a7', '#6b7280', '#f0e442', '#000000', '#8c510a'] },
  { id: 2, name: 'Kleurenblind-veilig', loopable: true, colors: ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'] },
  { id: 3, name: 'Oneens - eens (5 punten)', loopable: false, colors: ['#b2182b', '#ef8a62', '#cfcfcf', '#67a9cf', '#2166ac'] },
  { id: 4, name: 'Oneens - eens (7 punten)', loopable: false, colors: ['#b2182b', '#d6604d', '#f4a582', '#cfcfcf', '#92c5de', '#4393c3', '#2166ac'] },
  { id: 5, name: 'Blauwtinten', loopable: false, colors: ['#e3eef9', '#9ecae1', '#4a98c9', '#1f6eb0', '#08306b'] },
  { id: 6, name: 'Grijstinten (print)', loopable: true, colors: ['#111111', '#4a4a4a', '#7f7f7f', '#b0b0b0', '#dddddd'] },
  { id: 7, name: 'Rapportcijfer', loopable: false, colors: ['#a50026', '#f46d43', '#fee090', '#74add1', '#313695'] },
] as const;
