import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/** A zip's local file header starts with 'PK\x03\x04'. */
export const isZip = (head: Uint8Array) => head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** Name tests for the members of a LimeSurvey archive (survey_<sid>.lss, …_responses.lsr, …_tokens.lst). */
export const ARCHIVE_MEMBER = {
  structure: (name: string) => /\.lss$/i.test(name),
  responses: (name: string) => /\.lsr$/i.test(name),
  tokens: (name: string) => /\.lst$/i.test(name),
};

/**
 * The decompressed bytes of the first member whose name matches, streamed: the zip is read chunk
 * by chunk (fflate's streaming Unzip, synchronous inflate) and only that member is inflated, so a
 * large archive never sits in memory whole. `read` counts the zip bytes consumed (for progress).
 * Yields nothing when no member matches.
 */
export async function* zipMember(body: ReadableStream<Uint8Array>, match: (name: string) => boolean, read?: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const out: Uint8Array[] = [];
  let error: Error | null = null;
  let started = false;
  let finished = false;
  const unzip = new Unzip((file) => {
    if (started || !match(file.name)) return;
    started = true;
    file.ondata = (err, chunk, final) => {
      if (err) error = err;
      else if (chunk.length) out.push(chunk);
      if (final) finished = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        read?.(value.byteLength);
        unzip.push(value, false);
      }
      if (done) unzip.push(new Uint8Array(0), true);
      if (error) throw error;
      while (out.length) yield out.shift()!;
      if (finished || done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The member as a ReadableStream (for the response importer, which reads streams). */
export function zipMemberStream(body: ReadableStream<Uint8Array>, match: (name: string) => boolean, read?: (bytes: number) => void): ReadableStream<Uint8Array> {
  const chunks = zipMember(body, match, read);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The names of an archive's members and the text of its (small) structure member, from the bytes in memory. */
export function readArchiveStructure(bytes: Uint8Array): { names: string[]; structure: string | null } {
  const names: string[] = [];
  const files = unzipSync(bytes, {
    filter: (f) => {
      names.push(f.name);
      return ARCHIVE_MEMBER.structure(f.name);
    },
  });
  const first = Object.values(files)[0];
  return { names, structure: first ? new TextDecoder('utf-8').decode(first) : null };
}

/** The first `limit` characters of a member (for checking a responses header before storing anything). */
export async function zipMemberPrefix(bytes: Uint8Array, match: (name: string) => boolean, limit: number, done: (text: string) => boolean): Promise<string | null> {
  const body = new Blob([bytes as BlobPart]).stream();
  const decoder = new TextDecoder('utf-8');
  let text: string | null = null;
  for await (const chunk of zipMember(body, match)) {
    text = (text ?? '') + decoder.decode(chunk, { stream: true });
    if (text.length >= limit || done(text)) break;
  }
  return text;
}
