/** The in-app release notes of spec 000 §1, in Dutch (front page accordion and the modal). */
export interface ReleaseNote {
  title: string;
  items: string[];
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    title: 'Nieuwe versie van het portaal',
    items: [
      'Het portaal draait op een nieuwer front-end framework: pagina’s laden sneller en werken beter op telefoon en tablet.',
      'Teksten bewerkt u met een nieuwe markdown-editor (vet, cursief, lijsten, koppen, links).',
      'Overal dezelfde datumkiezer.',
      'Op de inlogpagina kunt u uw wachtwoord zichtbaar maken.',
    ],
  },
  {
    title: 'Berekening van N bij meerkeuzevragen',
    items: [
      'Per dataset kiest u uit drie methoden om N te berekenen: unieke respondenten per vraag (standaard), het totaal aantal gegeven antwoorden, of het totaal aantal respondenten in het onderzoek (oude methode, bewaard voor bestaande grafieken).',
      'Per antwoordoptie wordt het aantal (n) getoond.',
    ],
  },
  {
    title: 'Filters',
    items: [
      'Filters kunnen over meerdere rapportages tegelijk worden toegepast.',
      'Opties met n=0 of een te lage n kunnen worden verborgen of geblokkeerd.',
      'Per rapportage stelt u een filterlimiet in: één filter, één per categorie of onbeperkt.',
      'Filters kunnen worden gemaakt op basis van open vragen.',
      'Filters beheert u voortaan op projectniveau.',
    ],
  },
  {
    title: 'Grafieken en rapportages',
    items: [
      'R-grafieken maakt u met een formulier, zonder R-code.',
      'Subrapportages met eigen instellingen en optionele filters.',
    ],
  },
  {
    title: 'Projecten, berichten en AI-assistent',
    items: [
      'Projecten tonen de einddatum van de licentie, met een waarschuwing als de licentie bijna afloopt.',
      'Bij berichten kunt u nu ook mp3-, mp4- en aac-bestanden uploaden.',
      'Vragen aan de AI-assistent kunt u een optioneel onderwerp meegeven.',
    ],
  },
];
