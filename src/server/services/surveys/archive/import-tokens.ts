import type { JobDeps } from '../../../jobs/types';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { LimeSurveyXmlReader, type LsrRecord } from '../responses/lsr-reader';
import { participantWriter, type TokenImportResult } from './participant-writer';

/**
 * Reads LimeSurvey's participants XML (.lst: tokens_{sid} with tid, firstname, …, attribute_N)
 * from a stream into survey_tokens by participantWriter's rule (one row per participant,
 * attributes as JSON; a row without a token gets a new portal code under its import key, found
 * again on a re-import), with a completed response in the survey as the evidence for a completion.
 * An archive without a .lst gives 0. Read after the archive's responses, so a completion can be
 * checked against them. Used by the archive import and by an archive uploaded as a response file
 * alike. `codes` is the code generator (a test can make it collide).
 */
export async function importTokenStream(
  deps: JobDeps,
  surveyId: number,
  body: ReadableStream<Uint8Array>,
  by: { userId: number | null; source: string },
  codes?: (count: number, length: number) => string[],
): Promise<TokenImportResult> {
  const writer = participantWriter(deps, surveyId, { evidence: 'response', by, codes });
  const reader = new LimeSurveyXmlReader('tokens');
  const decoder = new TextDecoder('utf-8');
  let started = false;
  const take = async (batch: LsrRecord[]) => {
    const fields = reader.fields ?? [];
    const at = (name: string) => fields.indexOf(name);
    const idx = Object.fromEntries(['tid', 'token', 'participant_id', 'firstname', 'lastname', 'email', 'emailstatus', 'language', 'blacklisted', 'sent', 'remindersent', 'remindercount', 'completed', 'usesleft', 'validfrom', 'validuntil'].map((n) => [n, at(n)]));
    const attributeCols = fields.map((f, i) => [f, i] as const).filter(([f]) => /^attribute_\d+$/.test(f));
    for (const rec of batch) {
      const v = (name: string) => (idx[name]! >= 0 ? rec[idx[name]!] : null);
      const int = (name: string, fallback: number) => (/^-?\d+$/.test((v(name) ?? '').trim()) ? Number(v(name)!.trim()) : fallback);
      await writer.add(
        {
          token: v('token') ?? '', participantId: v('participant_id') || null, firstname: v('firstname') ?? '', lastname: v('lastname') ?? '', email: v('email') ?? '',
          emailStatus: v('emailstatus') || 'OK', language: v('language') || null, blacklisted: v('blacklisted') || 'N', sent: v('sent') || 'N', reminderSent: v('remindersent') || 'N',
          reminderCount: int('remindercount', 0), completed: v('completed') || 'N', usesLeft: int('usesleft', 1), validFrom: v('validfrom') || null, validUntil: v('validuntil') || null,
          attributes: Object.fromEntries(attributeCols.map(([f, i]) => [f, rec[i] ?? ''])),
        },
        v('tid') ?? null,
      );
    }
  };
  const it = body.getReader();
  for (;;) {
    const { value, done } = await it.read();
    if (value) {
      started = true;
      await take(reader.feed(decoder.decode(value, { stream: true })));
    }
    if (done) {
      if (started) await take(reader.feed(decoder.decode()).concat(reader.end()));
      break;
    }
  }
  if (started && reader.docType && reader.docType !== 'Tokens') throw new AppError('VALIDATION', surveysNl.import.wrongDocType(reader.docType, 'Tokens'));
  return writer.finish();
}
