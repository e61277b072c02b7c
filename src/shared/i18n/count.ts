/**
 * Count sentences in Dutch: '1 rapportage gevonden', '2 rapportages gevonden'. Every sentence
 * with a number of things goes through countNl, never 'rapportage(s)'.
 */
const NOUNS: Record<string, string> = {
  bestand: 'bestanden',
  datalocatie: 'datalocaties',
  deelnemer: 'deelnemers',
  element: 'elementen',
  gebruiker: 'gebruikers',
  grafiek: 'grafieken',
  indicator: 'indicatoren',
  onderzoek: 'onderzoeken',
  organisatie: 'organisaties',
  panel: 'panels',
  probleem: 'problemen',
  project: 'projecten',
  rapportage: 'rapportages',
  regel: 'regels',
  respons: 'responsen',
  sectie: 'secties',
  subproject: 'subprojecten',
  token: 'tokens',
  uitnodiging: 'uitnodigingen',
  variant: 'varianten',
  zorgaanbieder: 'zorgaanbieders',
};
const SINGULAR = new Map(Object.entries(NOUNS).map(([one, many]) => [many, one]));

/** 'n thing(s)' with the Dutch plural of a known noun (or the given one), n in Dutch notation. */
export function countNl(n: number, one: string, many: string = NOUNS[one] ?? one): string {
  return `${n.toLocaleString('nl-NL')} ${n === 1 ? one : many}`;
}

/** The singular of a known plural ('rapportages' → 'rapportage'); an unknown word stays as it is. */
export function singularNl(many: string): string {
  return SINGULAR.get(many) ?? many;
}

/**
 * Several messages about one field as separate sentences ('… bevatten. Het wachtwoord moet …'),
 * each starting with a capital and ending with a full stop, never glued together with commas.
 */
export function sentencesNl(messages: readonly string[]): string {
  return messages
    .map((m) => m.trim())
    .filter(Boolean)
    .map((m) => `${m.charAt(0).toUpperCase()}${m.slice(1)}${/[.!?…]$/.test(m) ? '' : '.'}`)
    .join(' ');
}
