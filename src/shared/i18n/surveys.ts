/** Dutch texts of the survey area (issue 5). Spec texts verbatim where the spec has them. */
export const surveysNl = {
  survey: 'Enquête',
  token: 'Token',
  job: 'Taak',
  import: {
    noFile: 'Kies een bestand om te uploaden (veld "file").',
    notXml: 'Het bestand is geen LimeSurvey-structuurbestand (.lss): het bevat geen XML.',
    brokenXml: (line: number, reason: string) => `Het .lss-bestand is beschadigd of onvolledig (regel ${line}): ${reason}`,
    noDocument: 'Het .lss-bestand mist het element <document>.',
    wrongDocType: (found: string, expected: string) =>
      `Dit is geen LimeSurvey-${expected === 'Survey' ? 'enquêtestructuur' : expected === 'Responses' ? 'responsbestand' : 'tokenbestand'}: LimeSurveyDocType is '${found}', verwacht '${expected}'.`,
    missingTable: (table: string) => `Het .lss-bestand mist de tabel '${table}'.`,
    noSurveyRow: 'Het .lss-bestand bevat geen enquête (tabel surveys is leeg).',
    noLanguage: 'Het .lss-bestand noemt geen taal van de enquête.',
    unknownType: (code: string, type: string) => `Vraag ${code} heeft een onbekend vraagtype '${type}'.`,
    unknownGroup: (code: string, gid: string) => `Vraag ${code} verwijst naar een vraaggroep (${gid}) die niet in het bestand staat.`,
    unknownParent: (code: string, qid: string) => `Subvraag ${code} verwijst naar een hoofdvraag (${qid}) die niet in het bestand staat.`,
    unknownAnswerQuestion: (code: string, qid: string) => `Antwoordoptie ${code} verwijst naar een vraag (${qid}) die niet in het bestand staat.`,
    missingColumn: (table: string, column: string) => `In de tabel '${table}' ontbreekt de kolom '${column}'.`,
    tooLarge: 'Het bestand dat u heeft geüpload is te groot',
    created: 'Enquête is aangemaakt',
  },
  responses: {
    noFile: 'Kies een responsbestand om te uploaden (veld "file").',
    notText: 'Het bestand is geen CSV- of VV-bestand met responsen (het is geen tekst).',
    empty: 'Het responsbestand is leeg.',
    unknownColumns: (names: string[]) =>
      `Het responsbestand bevat ${names.length === 1 ? 'een kolom' : 'kolommen'} die niet bij deze enquête ${names.length === 1 ? 'hoort' : 'horen'}: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ` en nog ${names.length - 10}` : ''}.`,
    duplicateColumns: (names: string[]) => `Het responsbestand bevat dubbele kolommen: ${names.join(', ')}.`,
    noQuestionColumns: 'Het responsbestand bevat geen enkele kolom van een vraag uit deze enquête.',
    queued: 'Het responsbestand is ontvangen en wordt verwerkt.',
    missingFile: 'Het geüploade responsbestand is niet meer beschikbaar.',
    // Row-level reasons in the validation report.
    duplicateId: (id: string) => `Respons-id ${id} komt eerder in het bestand voor.`,
    badId: (id: string) => `Respons-id '${id}' is geen positief geheel getal.`,
    wrongFieldCount: (found: number, expected: number) => `De regel heeft ${found} velden, verwacht ${expected}.`,
    notInCodes: (column: string, value: string) => `Waarde '${value}' in kolom ${column} is geen antwoordcode van deze vraag.`,
    notNumber: (column: string, value: string) => `Waarde '${value}' in kolom ${column} is geen getal.`,
    notDate: (column: string, value: string) => `Waarde '${value}' in kolom ${column} is geen datum.`,
    badLastPage: (value: string) => `lastpage '${value}' is geen geheel getal.`,
  },
  tokens: {
    countRequired: 'Dit veld mag niet leeg zijn',
    countWhole: 'Dit veld mag alleen hele nummers bevatten',
    countMin: 'De minimale waarde van dit veld is 1',
    countMax: 'Maximaal 1.000.000 tokens',
    generating: (n: number) => `Er worden ${n.toLocaleString('nl-NL')} tokens aangemaakt.`,
    unknownField: 'Dit tokenveld bestaat niet bij deze enquête.',
    toggled: 'Token is opgeslagen',
  },
  accuracy: {
    population: 'De populatiegrootte moet een positief geheel getal zijn',
    confidence: 'Kies een betrouwbaarheidsniveau van 90, 95 of 99%',
    saved: 'Enquête is opgeslagen',
  },
  jobs: {
    failed: 'De taak is mislukt. Probeer het later opnieuw.',
    unknownKind: (kind: string) => `Onbekend soort taak: ${kind}.`,
  },
  link: {
    none: 'Voor deze enquête is geen deelnamelink ingesteld.',
  },
} as const;
