/** Dutch texts of project messages and their files (issue 15). */
export const messagesNl = {
  message: 'Bericht',
  file: 'Bestand',
  posted: 'Bericht is geplaatst',
  messagingOff: 'Berichten zijn voor dit project uitgeschakeld. Een projectbeheerder kan ze aanzetten bij de projectinstellingen (Berichten toestaan).',
  readerMayNotPost: 'Als meelezer kunt u geen berichten plaatsen.',
  mayNotManage: 'Alleen de schrijver van het bericht, de projectleiders en de beheerders van de organisatie kunnen dit wijzigen.',
  empty: 'Schrijf een bericht of voeg een bestand toe.',
  bodyMax: 'Een bericht mag maximaal 20.000 tekens lang zijn.',
  tooManyFiles: 'U kunt maximaal 10 bestanden tegelijk meesturen.',
  badUpload: 'Het bericht kon niet gelezen worden. Probeer het opnieuw.',
  fileType: (name: string) =>
    `Het bestand '${name}' is niet toegestaan: de inhoud past niet bij de extensie, of het type wordt niet ondersteund. Toegestaan: pdf, docx, xlsx, pptx, odt, csv, txt, png, jpg, gif, webp, mp3, mp4, aac, m4a en wav.`,
  emptyFile: (name: string) => `Het bestand '${name}' is leeg.`,
  fileName: 'Een bestandsnaam mag alleen letters, cijfers, spaties, underscores (_) en streepjes (-) bevatten.',
  storageMissing: 'Bestanden kunnen nu niet worden opgeslagen. Probeer het later opnieuw.',
  rangeNotSatisfiable: 'Het gevraagde deel van het bestand bestaat niet.',
  mailSubject: (project: string) => `Nieuw bericht in project '${project}'`,
  mailText: (p: { name: string; author: string; project: string; excerpt: string; files: string[]; link: string }) =>
    [
      `Beste ${p.name},`,
      '',
      `${p.author} heeft een bericht geplaatst in het project '${p.project}'.`,
      ...(p.excerpt ? ['', p.excerpt] : []),
      ...(p.files.length ? ['', `Bijlagen: ${p.files.join(', ')}`] : []),
      '',
      `Lees het bericht: ${p.link}`,
      '',
      'U ontvangt deze e-mail omdat u lid bent van dit project. U kunt deze e-mails uitzetten op uw profiel (Berichten per e-mail).',
    ].join('\n'),
  helpMessage: (question: string) => `Vraag via het helpformulier:\n\n${question}`,
};
