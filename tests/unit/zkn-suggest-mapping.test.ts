import { describe, expect, it } from 'vitest';
import { suggestMapping } from '../../src/islands/zkn/suggest-mapping';

const col = (key: string, fields: string[]) => ({ key, label: key, fields });
const score = ['cijfer', 'afspraak', 'bejegening', 'luisteren', 'informatie', 'behandeling'];

describe('suggestMapping (rating job from a survey)', () => {
  it('maps by question code: equal, ending in _field, AGB in the code; only columns that fit the field', () => {
    const survey = {
      id: 1, title: 'x', columns: [
        col('AGB', ['agb_code']), col('toelichting', ['agb_code']), col('bezoek', ['datum']), col('cijfer', [...score, 'agb_code']),
        col('aspecten_afspraak', score), col('aspecten_luisteren', score), col('aanbevelen', ['aanbevelen']),
      ],
    };
    expect(suggestMapping(survey)).toEqual({ agb_code: 'AGB', cijfer: 'cijfer', afspraak: 'aspecten_afspraak', luisteren: 'aspecten_luisteren', aanbevelen: 'aanbevelen' });
  });

  it('leaves a field open when two columns would fit, or none; nothing for no survey', () => {
    const survey = { id: 1, title: 'x', columns: [col('agb_huisarts', ['agb_code']), col('agb_zorg', ['agb_code']), col('cijfer', ['datum'])] };
    expect(suggestMapping(survey)).toEqual({});
    expect(suggestMapping(undefined)).toEqual({});
  });
});
