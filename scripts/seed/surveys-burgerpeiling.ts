/**
 * The demo citizen survey ("burgerpeiling"), written as a LimeSurvey 5 .lss document so that it
 * enters the portal through the same importer as a real file. Background questions (leeftijd,
 * geslacht, wijk) and the short open question `verbeterpunt` make sensible report filters.
 */
export const DEMO_SURVEY_SID = 474747;

export interface DemoQuestion {
  code: string;
  type: string;
  text: string;
  other?: boolean;
  answers?: [string, string][];
  subs?: [string, string][];
  mandatory?: boolean;
  /** ExpressionScript relevance (the form skips the question when false). */
  relevance?: string;
  /** LimeSurvey question attributes (validation: min_num_value_n, num_value_int_only …). */
  attributes?: Record<string, string>;
  help?: string;
}
export const LIKERT: [string, string][] = [['1', 'Zeer ontevreden'], ['2', 'Ontevreden'], ['3', 'Neutraal'], ['4', 'Tevreden'], ['5', 'Zeer tevreden']];
export const DISTRICTS: [string, string][] = [['W1', 'Centrum'], ['W2', 'Noord'], ['W3', 'Zuid'], ['W4', 'Oost'], ['W5', 'West'], ['W6', 'Haven']];
export const AGE_GROUPS: [string, string][] = [['A1', '18 t/m 34 jaar'], ['A2', '35 t/m 49 jaar'], ['A3', '50 t/m 64 jaar'], ['A4', '65 jaar of ouder']];
export const GENDERS: [string, string][] = [['M', 'Man'], ['V', 'Vrouw'], ['X', 'Anders / zeg ik liever niet']];
export const IMPROVEMENTS = ['Meer groen', 'Betere straatverlichting', 'Minder zwerfafval', 'Veiliger verkeer', 'Meer parkeerplaatsen', 'Betere voorzieningen voor jongeren', 'Beter onderhoud van stoepen'];

export const DEMO_GROUPS: { name: string; description: string; questions: DemoQuestion[] }[] = [
  {
    name: 'Over u',
    description: 'Een paar vragen over uzelf. Deze gebruiken we alleen om groepen te vergelijken.',
    questions: [
      { code: 'leeftijd', type: 'L', text: 'Wat is uw leeftijd?', answers: AGE_GROUPS, mandatory: true },
      { code: 'geslacht', type: 'L', text: 'Wat is uw geslacht?', answers: GENDERS },
      { code: 'wijk', type: '!', text: 'In welke wijk woont u?', answers: DISTRICTS, mandatory: true },
      { code: 'jarenwonen', type: 'N', text: 'Hoeveel jaar woont u in Zuiderhaven?', help: 'Een heel getal, bijvoorbeeld 12.', attributes: { min_num_value_n: '0', max_num_value_n: '110', num_value_int_only: '1' } },
    ],
  },
  {
    name: 'Wonen en leefbaarheid',
    description: '',
    questions: [
      { code: 'buurt', type: 'A', text: 'Hoe tevreden bent u over deze punten in uw buurt? (1 = zeer ontevreden, 5 = zeer tevreden)', subs: [['SQ001', 'Schoonhouden van straten'], ['SQ002', 'Onderhoud van groen'], ['SQ003', 'Straatverlichting'], ['SQ004', 'Speelplekken']] },
      { code: 'rapportcijfer', type: 'N', text: 'Welk rapportcijfer (1–10) geeft u uw buurt als plek om te wonen?', attributes: { min_num_value_n: '1', max_num_value_n: '10', num_value_int_only: '1' } },
      { code: 'veilig', type: 'F', text: 'Hoe vaak voelt u zich onveilig in uw buurt?', subs: [['overdag', 'Overdag'], ['avond', "'s Avonds"]], answers: [['1', 'Nooit'], ['2', 'Soms'], ['3', 'Vaak']] },
      { code: 'problemen', type: 'M', text: 'Welke problemen komen vaak voor in uw buurt?', other: true, subs: [['SQ001', 'Zwerfafval'], ['SQ002', 'Hondenpoep'], ['SQ003', 'Te hard rijden'], ['SQ004', 'Overlast van jongeren'], ['SQ005', 'Parkeeroverlast']] },
    ],
  },
  {
    name: 'Gemeente en dienstverlening',
    description: '',
    questions: [
      { code: 'tevredengemeente', type: 'L', text: 'Hoe tevreden bent u over de dienstverlening van de gemeente?', answers: LIKERT, mandatory: true },
      { code: 'contact', type: 'Y', text: 'Heeft u het afgelopen jaar contact gehad met de gemeente?' },
      { code: 'kanaal', type: 'M', text: 'Hoe had u contact met de gemeente?', relevance: 'contact == "Y"', subs: [['SQ001', 'Aan de balie'], ['SQ002', 'Telefonisch'], ['SQ003', 'Via de website'], ['SQ004', 'Per e-mail'], ['SQ005', 'Via sociale media']] },
      { code: 'aanbevelen', type: 'L', text: 'Hoe waarschijnlijk is het dat u Zuiderhaven aanbeveelt als woonplaats? (0–10)', answers: Array.from({ length: 11 }, (_, i) => [String(i), String(i)] as [string, string]) },
      { code: 'verbeterpunt', type: 'S', text: 'Wat is voor u het belangrijkste verbeterpunt in uw buurt?' },
      { code: 'opmerking', type: 'T', text: 'Heeft u nog opmerkingen of suggesties voor de gemeente?', attributes: { maximum_chars: '2000' } },
    ],
  },
];

const cdata = (v: string | number) => `<![CDATA[${String(v)}]]>`;
function table(name: string, rows: Record<string, string | number>[]): string {
  if (!rows.length) return '';
  const fields = Object.keys(rows[0]!);
  return `<${name}><fields>${fields.map((f) => `<fieldname>${f}</fieldname>`).join('')}</fields><rows>${rows
    .map((r) => `<row>${fields.map((f) => `<${f}>${cdata(r[f]!)}</${f}>`).join('')}</row>`)
    .join('')}</rows></${name}>`;
}

/** What a demo survey's .lss says besides its groups (surveys and surveys_languagesettings). */
export interface DemoSurveyMeta {
  sid: number;
  admin: string;
  title: string;
  description: string;
  welcome: string;
  end: string;
  usetokens: 'Y' | 'N';
  /** First question and answer ids (LimeSurvey's own ids; SGQA names are built from them). */
  firstQid: number;
  firstAid: number;
}

/** The survey as a LimeSurvey 5 (DBVersion 495, `_l10ns` tables) .lss document. */
export function burgerpeilingLss(): string {
  return demoLss(
    {
      sid: DEMO_SURVEY_SID, admin: 'Onderzoek en Statistiek', title: 'Burgerpeiling Zuiderhaven', description: 'Hoe tevreden bent u over uw buurt en over de gemeente?',
      welcome: 'Welkom bij de burgerpeiling van de gemeente Zuiderhaven.', end: 'Hartelijk dank voor uw deelname.', usetokens: 'Y', firstQid: 101, firstAid: 1001,
    },
    DEMO_GROUPS,
  );
}

/** A demo survey as a LimeSurvey 5 .lss document (one language, nl), so it enters the portal through the importer. */
export function demoLss(meta: DemoSurveyMeta, demoGroups: { name: string; description: string; questions: DemoQuestion[] }[]): string {
  const { sid } = meta;
  const groups: Record<string, string | number>[] = [];
  const groupL10n: Record<string, string | number>[] = [];
  const questions: Record<string, string | number>[] = [];
  const subquestions: Record<string, string | number>[] = [];
  const questionL10n: Record<string, string | number>[] = [];
  const answers: Record<string, string | number>[] = [];
  const answerL10n: Record<string, string | number>[] = [];
  const attributes: Record<string, string | number>[] = [];
  let qid = meta.firstQid - 1;
  let aid = meta.firstAid - 1;
  demoGroups.forEach((g, gi) => {
    const gid = 10 + gi;
    groups.push({ gid, sid, group_order: gi, randomization_group: '', grelevance: '1' });
    groupL10n.push({ id: gid, gid, group_name: g.name, description: g.description, language: 'nl' });
    g.questions.forEach((q, qi) => {
      const id = ++qid;
      const base = { sid, gid, type: q.type, preg: '', encrypted: 'N', scale_id: 0, same_default: 0, relevance: '1', question_theme_name: '', modulename: '', same_script: 0 };
      questions.push({ qid: id, parent_qid: 0, ...base, relevance: q.relevance ?? '1', title: q.code, other: q.other ? 'Y' : 'N', mandatory: q.mandatory ? 'Y' : 'N', question_order: qi });
      questionL10n.push({ id, qid: id, question: q.text, help: q.help ?? '', script: '', language: 'nl' });
      for (const [attribute, value] of Object.entries(q.attributes ?? {})) attributes.push({ qid: id, attribute, value, language: '' });
      (q.subs ?? []).forEach(([code, text], si) => {
        const sq = ++qid;
        subquestions.push({ qid: sq, parent_qid: id, ...base, title: code, other: 'N', mandatory: '', question_order: si });
        questionL10n.push({ id: sq, qid: sq, question: text, help: '', script: '', language: 'nl' });
      });
      (q.answers ?? []).forEach(([code, label], ai) => {
        const a = ++aid;
        answers.push({ aid: a, qid: id, code, sortorder: ai, assessment_value: 0, scale_id: 0 });
        answerL10n.push({ id: a, aid: a, answer: label, language: 'nl' });
      });
    });
  });
  const survey = { sid, gsid: 1, admin: meta.admin, language: 'nl', additional_languages: '', anonymized: 'N', datestamp: 'Y', usetokens: meta.usetokens, tokenlength: 15, format: 'G', attributedescriptions: '' };
  const settings = { surveyls_survey_id: sid, surveyls_language: 'nl', surveyls_title: meta.title, surveyls_description: meta.description, surveyls_welcometext: meta.welcome, surveyls_endtext: meta.end, surveyls_url: '' };
  return `<?xml version="1.0" encoding="UTF-8"?>\n<document><LimeSurveyDocType>Survey</LimeSurveyDocType><DBVersion>495</DBVersion><languages><language>nl</language></languages>${table('answers', answers)}${table('answer_l10ns', answerL10n)}${table('groups', groups)}${table('group_l10ns', groupL10n)}${table('questions', questions)}${table('subquestions', subquestions)}${table('question_l10ns', questionL10n)}${table('question_attributes', attributes)}${table('surveys', [survey])}${table('surveys_languagesettings', [settings])}</document>\n`;
}
