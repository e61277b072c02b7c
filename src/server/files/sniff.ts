import { sniffImageType } from './image-type';

/**
 * What a file is, told by its first bytes (never by its name or the declared type), for uploads
 * from people outside the organisation (survey file questions). `null` = none of the known kinds.
 */
export type SniffedKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'zip' | 'ole' | 'rtf' | 'text' | 'mp3' | 'mp4' | 'aac' | 'wav';

export function sniffKind(head: Uint8Array): SniffedKind | null {
  const image = sniffImageType(head);
  if (image) return image.slice('image/'.length) as SniffedKind;
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (at(0, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (at(0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (at(0, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return 'rtf';
  if (at(4, [0x66, 0x74, 0x79, 0x70])) return 'mp4';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x41, 0x56, 0x45])) return 'wav';
  if (at(0, [0x49, 0x44, 0x33]) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe6) === 0xe2)) return 'mp3';
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0) return 'aac';
  if (head.length && !head.includes(0)) {
    try {
      // A cut multi-byte character at the end of the sample is fine; anything else must be UTF-8.
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
      return 'text';
    } catch {
      return null;
    }
  }
  return null;
}

/** The content kinds a file extension may have; an extension not listed here can't be checked and is refused. */
export const KINDS_BY_EXTENSION: Record<string, readonly SniffedKind[]> = {
  png: ['png'], jpg: ['jpeg'], jpeg: ['jpeg'], gif: ['gif'], webp: ['webp'], pdf: ['pdf'],
  docx: ['zip'], xlsx: ['zip'], pptx: ['zip'], odt: ['zip'], ods: ['zip'], odp: ['zip'], zip: ['zip'],
  doc: ['ole'], xls: ['ole'], ppt: ['ole'], rtf: ['rtf'], txt: ['text'], csv: ['text'],
  mp3: ['mp3'], mp4: ['mp4'], m4a: ['mp4'], mov: ['mp4'], aac: ['aac', 'mp4'], wav: ['wav'],
};

export const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Does the file's content match its extension? */
export function contentMatches(name: string, head: Uint8Array): boolean {
  const kinds = KINDS_BY_EXTENSION[extensionOf(name)];
  const kind = sniffKind(head);
  return !!kinds && !!kind && kinds.includes(kind);
}

/** Content types for the R2 objects (downloads set them again). */
export const CONTENT_TYPES: Record<SniffedKind, string> = {
  png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf', zip: 'application/zip',
  ole: 'application/octet-stream', rtf: 'application/rtf', text: 'text/plain; charset=utf-8', mp3: 'audio/mpeg', mp4: 'video/mp4', aac: 'audio/aac', wav: 'audio/wav',
};

/**
 * Project message attachments (issue 15): exactly these extensions, each with the content it must
 * have and the Content-Type it is served with. Anything else, and anything whose content
 * contradicts its extension, is refused.
 */
export const MESSAGE_FILE_TYPES: Record<string, { kinds: readonly SniffedKind[]; type: string }> = {
  pdf: { kinds: ['pdf'], type: 'application/pdf' },
  docx: { kinds: ['zip'], type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kinds: ['zip'], type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kinds: ['zip'], type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { kinds: ['zip'], type: 'application/vnd.oasis.opendocument.text' },
  csv: { kinds: ['text'], type: 'text/csv; charset=utf-8' },
  txt: { kinds: ['text'], type: 'text/plain; charset=utf-8' },
  png: { kinds: ['png'], type: 'image/png' },
  jpg: { kinds: ['jpeg'], type: 'image/jpeg' },
  jpeg: { kinds: ['jpeg'], type: 'image/jpeg' },
  gif: { kinds: ['gif'], type: 'image/gif' },
  webp: { kinds: ['webp'], type: 'image/webp' },
  mp3: { kinds: ['mp3'], type: 'audio/mpeg' },
  mp4: { kinds: ['mp4'], type: 'video/mp4' },
  aac: { kinds: ['aac', 'mp4'], type: 'audio/aac' },
  m4a: { kinds: ['mp4'], type: 'audio/mp4' },
  wav: { kinds: ['wav'], type: 'audio/wav' },
};

/** The Content-Type of a message attachment, or null when its content does not match an allowed extension. */
export function messageFileType(extension: string, head: Uint8Array): string | null {
  const allowed = MESSAGE_FILE_TYPES[extension];
  const kind = sniffKind(head);
  return allowed && kind && allowed.kinds.includes(kind) ? allowed.type : null;
}
