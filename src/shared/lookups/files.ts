/** File catalogues for project messages and uploads (bootstrap lookups). */
export const FILE_TYPES = [
  { id: 1, key: 'pdf', name: 'PDF-document', extensions: ['pdf'] },
  { id: 2, key: 'word', name: 'Word-document', extensions: ['doc', 'docx', 'odt'] },
  { id: 3, key: 'excel', name: 'Excel-werkblad', extensions: ['xls', 'xlsx'] },
  { id: 4, key: 'csv', name: 'CSV-bestand', extensions: ['csv'] },
  { id: 5, key: 'spss', name: 'SPSS-databestand', extensions: ['sav'] },
  { id: 6, key: 'powerpoint', name: 'PowerPoint-presentatie', extensions: ['ppt', 'pptx'] },
  { id: 7, key: 'image', name: 'Afbeelding', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] },
  { id: 8, key: 'audio', name: 'Geluidsfragment', extensions: ['mp3', 'aac', 'm4a', 'wav'] },
  { id: 9, key: 'video', name: 'Video', extensions: ['mp4'] },
  { id: 10, key: 'zip', name: 'ZIP-archief', extensions: ['zip'] },
  { id: 11, key: 'text', name: 'Tekstbestand', extensions: ['txt'] },
] as const;

export const FILE_SUBJECT_TYPES = [
  { id: 1, key: 'questionnaire', name: 'Vragenlijst' },
  { id: 2, key: 'report', name: 'Rapportage' },
  { id: 3, key: 'dataset', name: 'Dataset' },
  { id: 4, key: 'invitation', name: 'Uitnodigingsbrief' },
  { id: 5, key: 'planning', name: 'Planning' },
  { id: 6, key: 'quote', name: 'Offerte' },
  { id: 7, key: 'presentation', name: 'Presentatie' },
  { id: 8, key: 'other', name: 'Overig' },
] as const;

export const FILE_DATA_TYPES = [
  { id: 1, key: 'raw', name: 'Ruwe data' },
  { id: 2, key: 'weighted', name: 'Gewogen data' },
  { id: 3, key: 'codebook', name: 'Codeboek' },
  { id: 4, key: 'tables', name: 'Tabellenboek' },
  { id: 5, key: 'open-answers', name: 'Open antwoorden' },
  { id: 6, key: 'addresses', name: 'Adressenbestand' },
] as const;
