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
  { id: 0, key: 'none', name: 'Geen' },
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
  { id: 1, name: 'ImpulZ', loopable: true, colors: ['#1f4e79', '#f28c28', '#5b9bd5', '#70ad47', '#ffc000', '#7f6084', '#c00000', '#2e9e9e'] },
  { id: 2, name: 'Kleurenblind-veilig', loopable: true, colors: ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'] },
  { id: 3, name: 'Oneens - eens (5 punten)', loopable: false, colors: ['#c0392b', '#e67e22', '#bdc3c7', '#7fb77e', '#27ae60'] },
  { id: 4, name: 'Oneens - eens (7 punten)', loopable: false, colors: ['#a93226', '#d35400', '#f0b27a', '#d5d8dc', '#a9dfbf', '#52be80', '#1e8449'] },
  { id: 5, name: 'Blauwtinten', loopable: false, colors: ['#deebf7', '#9ecae1', '#6baed6', '#3182bd', '#08519c'] },
  { id: 6, name: 'Grijstinten (print)', loopable: true, colors: ['#252525', '#636363', '#969696', '#bdbdbd', '#d9d9d9'] },
  { id: 7, name: 'Rapportcijfer', loopable: false, colors: ['#b03a2e', '#dc7633', '#f4d03f', '#58d68d', '#1d8348'] },
] as const;
