import { smallGroupRule } from './i18n/small-groups';
/** FAQ dialog content (spec 000 §2.12): Dutch questions and answers per topic. */
export type FaqTopic =
  | 'login'
  | 'meedoen'
  | 'uitnodiging'
  | 'afmelden'
  | 'privacy'
  | 'vragenlijst'
  | 'gemeente'
  | 'filters'
  | 'pdf'
  | 'resultaten'
  | 'ontwikkeling'
  | 'licentie';

export interface FaqEntry {
  q: string;
  a: string;
}

export const FAQ_TOPIC_TITLES: Record<FaqTopic, string> = {
  login: 'Inloggen',
  meedoen: 'Meedoen aan een onderzoek',
  uitnodiging: 'Uitnodiging',
  afmelden: 'Afmelden',
  privacy: 'Privacy',
  vragenlijst: 'De vragenlijst',
  gemeente: 'Uw gemeente',
  filters: 'Filters',
  pdf: 'PDF',
  resultaten: 'Resultaten',
  ontwikkeling: 'Ontwikkeling van ImpulZ',
  licentie: 'Licentie',
};

export const FAQ: Record<FaqTopic, FaqEntry[]> = {
  login: [
    { q: 'Ik ben mijn wachtwoord vergeten. Wat nu?', a: 'Klik op de inlogpagina op ‘Wachtwoord vergeten?’ en vul uw e-mailadres in. U ontvangt een e-mail met een link om een nieuw wachtwoord in te stellen.' },
    { q: 'Aan welke eisen moet mijn wachtwoord voldoen?', a: 'Minimaal 12 tekens, met ten minste één hoofdletter, één kleine letter, één cijfer en één speciaal teken.' },
    { q: 'Wat is tweestapsverificatie?', a: 'Naast uw wachtwoord vult u een code in uit een authenticator-app op uw telefoon. Beheerders zijn verplicht dit in te schakelen; voor andere gebruikers raden we het sterk aan.' },
  ],
  meedoen: [
    { q: 'Hoe doe ik mee aan een onderzoek?', a: 'Open de link uit uw uitnodiging of ga naar de pagina ‘Meedoen’ en vul de code uit uw uitnodiging in. De vragenlijst opent dan direct.' },
    { q: 'Kan ik de vragenlijst later afmaken?', a: 'Ja. Uw antwoorden worden tussentijds bewaard. Gebruik dezelfde link of code om verder te gaan waar u gebleven was.' },
  ],
  uitnodiging: [
    { q: 'Waarom heb ik een uitnodiging ontvangen?', a: 'Uw gemeente of organisatie heeft u willekeurig gekozen of u heeft zich eerder aangemeld voor een panel. Meedoen is altijd vrijwillig.' },
    { q: 'Mijn code werkt niet.', a: 'Controleer of u de code zonder spaties heeft ingevuld. Werkt het nog steeds niet, neem dan contact op met de helpdesk; de gegevens staan onderaan de pagina.' },
  ],
  afmelden: [
    { q: 'Hoe meld ik me af voor een panel?', a: 'Log in en klik op de voorpagina bij het panel op ‘Afmelden’. Na uw bevestiging ontvangt u geen uitnodigingen meer voor dat panel.' },
    { q: 'Wat gebeurt er met mijn gegevens als ik me afmeld?', a: 'Uw contactgegevens worden verwijderd. Antwoorden die u al gaf blijven anoniem onderdeel van de resultaten.' },
  ],
  privacy: [
    { q: 'Hoe lang worden mijn contactgegevens bewaard?', a: 'Uw naam, e-mailadres en andere gegevens over u als deelnemer (zoals kenmerken waarmee u werd uitgenodigd) worden na afloop van het onderzoek maximaal 12 maanden bewaard en daarna verwijderd. Uw antwoorden blijven anoniem in de resultaten.' },
    { q: 'Kan iemand zien wat ik heb geantwoord?', a: `Nee. ${smallGroupRule(null)}. Zo zijn antwoorden niet tot personen te herleiden.` },
  ],
  vragenlijst: [
    { q: 'Hoe lang duurt het invullen?', a: 'Meestal 10 tot 15 minuten. Bovenaan de vragenlijst ziet u hoe ver u bent.' },
    { q: 'Moet ik alle vragen beantwoorden?', a: 'Verplichte vragen zijn gemarkeerd. Bij de andere vragen mag u een antwoord overslaan.' },
  ],
  gemeente: [
    { q: 'Wat doet de gemeente met de uitkomsten?', a: 'De gemeente gebruikt de resultaten om beleid te maken en te verbeteren. De uitkomsten worden meestal openbaar gemaakt via de website van de gemeente.' },
  ],
  filters: [
    { q: 'Hoe gebruik ik filters?', a: 'Open het menu ‘Benchmarks en filters’ naast de rapportage en kies de groepen die u wilt zien. Met twee of meer benchmarks vergelijkt u groepen naast elkaar.' },
    { q: 'Waarom kan ik een filteroptie niet kiezen?', a: 'Een optie is uitgeschakeld als er geen of te weinig deelnemers in die groep zitten, of als de rapportage het combineren van filters beperkt.' },
  ],
  pdf: [
    { q: 'Hoe maak ik een PDF van een rapportage?', a: 'Klik in de balk boven de rapportage op ‘Exporteren’. De knop is zichtbaar als PDF-export voor de rapportage aan staat en u daarvoor rechten heeft.' },
    { q: 'Worden filters meegenomen in de PDF?', a: 'Ja, de PDF toont de rapportage met de benchmarks en filters die u op dat moment heeft gekozen.' },
  ],
  resultaten: [
    { q: 'Waarom zie ik bij sommige vragen geen resultaten?', a: `${smallGroupRule(null)}. Bij een vraag of groep met minder deelnemers staat ‘Te weinig respondenten’, met de grens die de rapportage aanhoudt. Zo blijven antwoorden anoniem.` },
    { q: 'Wat betekent n?', a: 'n is het aantal deelnemers waarop een resultaat is gebaseerd. Per rapportage kan worden ingesteld hoe n bij meerkeuzevragen wordt berekend.' },
  ],
  ontwikkeling: [
    { q: 'Wat is er nieuw?', a: 'Bekijk de release notes via het gebruikersmenu of de voorpagina voor de nieuwste functies.' },
    { q: 'Ik heb een idee of vond een fout.', a: 'Gebruik de helpknop en kies ‘Feedback’. Uw suggesties gebruiken we bij de verdere ontwikkeling.' },
  ],
  licentie: [
    { q: 'Hoe lang loopt onze licentie?', a: 'Een licentie wordt jaarlijks verlengd. De einddatum staat bij elk project; kort voor het verlopen ziet u een waarschuwing.' },
    { q: 'Wat gebeurt er als de licentie verloopt?', a: 'De rapportages van het project zijn dan niet meer beschikbaar totdat de licentie is verlengd. Neem contact op met uw onderzoeksbureau.' },
  ],
};

/**
 * A topic's questions with the small-group threshold that applies where they are shown (a survey's
 * help page: its reports' smallest min_n); without one the general sentence stays.
 */
export function faqEntries(topic: FaqTopic, minN: number | null = null): readonly { q: string; a: string }[] {
  if (minN == null) return FAQ[topic];
  return FAQ[topic].map((e) => ({ q: e.q, a: e.a.replace(smallGroupRule(null), smallGroupRule(minN)) }));
}

/** Topics by the first path segment (relative to /portal) as spec 000 §2.12 lists them, plus the pages outside the app. */
export function faqTopicsFor(path: string): FaqTopic[] {
  const first = path.split('/').filter(Boolean)[0] ?? '';
  // The password and registration pages are the login's own (outside the spec's list, same help).
  if (first === 'login' || first === 'password' || first === 'register') return ['login', 'meedoen', 'uitnodiging', 'afmelden', 'privacy'];
  // The public report: what its numbers mean, not the app's filters menu or PDF button.
  if (first === 'public') return ['resultaten', 'privacy', 'gemeente'];
  if (first === 'meedoen') return ['meedoen', 'uitnodiging', 'vragenlijst', 'gemeente', 'afmelden', 'privacy'];
  if (first === 'report') return ['filters', 'pdf', 'resultaten', 'ontwikkeling'];
  return ['resultaten', 'filters', 'pdf', 'login', 'ontwikkeling', 'privacy', 'licentie'];
}
