/**
 * LimeSurvey question type letters (reference §3.4). `value` says how a stored value is checked:
 * 'answers' = one of the question's answer codes, 'fixed' = one of `codes`, 'check' = 'Y' or '',
 * 'number', 'date', 'text' (anything). `sub` = the question has subquestions (rows).
 */
export interface QuestionType {
  name: string;
  sub: boolean;
  value: 'answers' | 'fixed' | 'check' | 'number' | 'date' | 'text' | 'none';
  codes?: readonly string[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

export const QUESTION_TYPES: Record<string, QuestionType> = {
  '5': { name: '5-puntskeuze', sub: false, value: 'fixed', codes: range(5) },
  A: { name: 'Matrix (5-puntskeuze)', sub: true, value: 'fixed', codes: range(5) },
  B: { name: 'Matrix (10-puntskeuze)', sub: true, value: 'fixed', codes: range(10) },
  C: { name: 'Matrix (ja/nee/weet niet)', sub: true, value: 'fixed', codes: ['Y', 'N', 'U'] },
  D: { name: 'Datum/tijd', sub: false, value: 'date' },
  E: { name: 'Matrix (toename/gelijk/afname)', sub: true, value: 'fixed', codes: ['I', 'S', 'D'] },
  F: { name: 'Matrix (eigen labels)', sub: true, value: 'answers' },
  G: { name: 'Geslacht', sub: false, value: 'fixed', codes: ['M', 'F'] },
  H: { name: 'Matrix per kolom', sub: true, value: 'answers' },
  I: { name: 'Taalwissel', sub: false, value: 'text' },
  K: { name: 'Meerdere getallen', sub: true, value: 'number' },
  L: { name: 'Lijst (keuzerondjes)', sub: false, value: 'answers' },
  M: { name: 'Meerkeuze', sub: true, value: 'check' },
  N: { name: 'Getal', sub: false, value: 'number' },
  O: { name: 'Lijst met toelichting', sub: false, value: 'answers' },
  P: { name: 'Meerkeuze met toelichting', sub: true, value: 'check' },
  Q: { name: 'Meerdere korte teksten', sub: true, value: 'text' },
  R: { name: 'Rangschikking', sub: false, value: 'answers' },
  S: { name: 'Korte tekst', sub: false, value: 'text' },
  T: { name: 'Lange tekst', sub: false, value: 'text' },
  U: { name: 'Zeer lange tekst', sub: false, value: 'text' },
  X: { name: 'Teksttonen', sub: false, value: 'none' },
  Y: { name: 'Ja/nee', sub: false, value: 'fixed', codes: ['Y', 'N'] },
  '!': { name: 'Lijst (uitklapmenu)', sub: false, value: 'answers' },
  '*': { name: 'Vergelijking', sub: false, value: 'text' },
  '1': { name: 'Matrix dubbele schaal', sub: true, value: 'answers' },
  ':': { name: 'Matrix (getallen)', sub: true, value: 'number' },
  ';': { name: 'Matrix (teksten)', sub: true, value: 'text' },
  '|': { name: 'Bestand uploaden', sub: false, value: 'text' },
};
