import { readFileSync } from 'node:fs';
import { zipSync, strToU8 } from 'fflate';
import { LIMESURVEY_FIXTURES } from './fixtures';

/**
 * A participants file (.lst) as LimeSurvey 6 writes it: <tokens><fields>…<rows>, plain column
 * names. Participant n has token tok<n, 12 digits> (the last none), is invited when n is odd and
 * completed when n is a multiple of 3; `change` edits a participant's values.
 */
export function lstFile(count: number, sid = 841748, change?: (n: number, values: Record<string, string | null>) => void): string {
  const fields = ['tid', 'participant_id', 'firstname', 'lastname', 'email', 'emailstatus', 'token', 'language', 'blacklisted', 'sent', 'remindersent', 'remindercount', 'completed', 'usesleft', 'validfrom', 'validuntil', 'mpid', 'attribute_1'];
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const v: Record<string, string | null> = {
      tid: String(n), participant_id: null, firstname: `Voornaam${n}`, lastname: `Achternaam ${n}`, email: `p${n}@example.org`, emailstatus: 'OK',
      token: n === count ? '' : `tok${String(n).padStart(12, '0')}`, language: 'en', blacklisted: 'N', sent: n % 2 ? '2024-03-01 10:00' : 'N', remindersent: 'N', remindercount: '0',
      completed: n % 3 === 0 ? '2024-03-02 12:00' : 'N', usesleft: '1', validfrom: null, validuntil: null, mpid: null, attribute_1: n % 2 ? 'Noord' : 'Zuid',
    };
    change?.(n, v);
    return `<row>${fields.map((f) => (v[f] === null ? '' : v[f] === '' ? `<${f}/>` : `<${f}><![CDATA[${v[f]}]]></${f}>`)).join('')}</row>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<document>\n <LimeSurveyDocType>Tokens</LimeSurveyDocType>\n <DBVersion>606</DBVersion>\n <tokens>\n  <fields>${fields.map((f) => `<fieldname>${f}</fieldname>`).join('')}</fields>\n  <rows>${rows.join('\n')}</rows>\n </tokens>\n</document>\n`;
}

/**
 * An .lsa as LimeSurvey's "Survey archive" export zips it: survey_<sid>.lss, the responses .lsr,
 * the participants .lst and the timings .lsi, built from the colors fixture.
 */
export function colorsArchive(opts: { tokens?: number; responses?: string | null; lst?: string } = {}): Uint8Array {
  const sid = 841748;
  const files: Record<string, Uint8Array> = {
    [`survey_${sid}.lss`]: readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'),
    [`survey_${sid}_timings.lsi`]: strToU8('<?xml version="1.0" encoding="UTF-8"?>\n<document><LimeSurveyDocType>Timings</LimeSurveyDocType><DBVersion>606</DBVersion></document>\n'),
  };
  const responses = opts.responses === undefined ? readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8') : opts.responses;
  if (responses !== null) files[`survey_${sid}_responses.lsr`] = strToU8(responses);
  if (opts.tokens) files[`survey_${sid}_tokens.lst`] = strToU8(lstFile(opts.tokens, sid));
  if (opts.lst !== undefined) files[`survey_${sid}_tokens.lst`] = strToU8(opts.lst);
  return zipSync(files);
}
