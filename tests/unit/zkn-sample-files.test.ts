import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProvidersFile } from '../../src/server/services/zkn/parse-providers';
import { parseRatingsFile } from '../../src/server/services/zkn/parse-ratings';
import { zknNl } from '../../src/shared/i18n/zkn';

// The sample files the Zorgkaart forms offer for download (public/voorbeelden/) are read by the
// same parsers as an upload, so a sample can never drift from the format the form explains.
const sample = (path: string) => new Blob([readFileSync(`public${path}`)], { type: 'text/csv' });

describe('Zorgkaart sample files', () => {
  it('the providers sample is a valid providers file', async () => {
    const providers = await parseProvidersFile(sample(zknNl.format.providers.sample));
    expect(providers.map((p) => p.agbCode)).toEqual(['01034567', '72012001', '73015001']);
  });
  it('the ratings sample is a valid ratings file for the demo providers, with empty aspects and recommendations', async () => {
    const providers = new Map([['01034567', 1], ['01034568', 2], ['72012001', 3]]);
    const ratings = await parseRatingsFile(sample(zknNl.format.ratings.sample), providers);
    expect(ratings).toHaveLength(4);
  });
  it('every column the format names is a column of its sample', () => {
    for (const kind of ['ratings', 'providers'] as const) {
      const header = readFileSync(`public${zknNl.format[kind].sample}`, 'utf8').split('\n')[0]!.split(';');
      const named = zknNl.format[kind].columns.flatMap(([names]) => names.split(', '));
      expect(header, kind).toEqual(named);
    }
  });
});
