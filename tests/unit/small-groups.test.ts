import { describe, expect, it } from 'vitest';
import { FAQ } from '../../src/shared/faq';
import { publicReportNl } from '../../src/shared/i18n/charts';
import { reportExportNl } from '../../src/shared/i18n/report-export';
import { smallGroupRule } from '../../src/shared/i18n/small-groups';

describe('smallGroupRule: one wording of the small-group threshold', () => {
  it("states the threshold that applies as 'vanaf N deelnemers'", () => {
    expect(smallGroupRule(7)).toBe('Uitkomsten worden alleen getoond voor groepen vanaf 7 deelnemers');
    expect(smallGroupRule(10)).toContain('vanaf 10 deelnemers');
  });
  it('without a known threshold states the default and the floor, not a promise', () => {
    expect(smallGroupRule(null)).toBe('Uitkomsten worden alleen getoond voor groepen die groot genoeg zijn: meestal vanaf 10 deelnemers, nooit minder dan 5');
  });
  it('is the sentence of the public report and the PDF cover, and no text says "meer dan"', () => {
    expect(publicReportNl.minN(12)).toBe(`${smallGroupRule(12)}.`);
    expect(reportExportNl.cover.minN(12)).toBe(`${smallGroupRule(12)}.`);
    const answers = Object.values(FAQ).flat().map((e) => e.a);
    expect(answers.filter((a) => a.includes(smallGroupRule(null)))).toHaveLength(2);
    expect(answers.join(' ')).not.toMatch(/meer dan \d+ deelnemers/);
  });
});

describe('faqEntries: the FAQ with the threshold that applies', () => {
  it("states a survey's threshold where it is known, the general sentence otherwise", async () => {
    const { faqEntries } = await import('../../src/shared/faq');
    const privacy = (minN: number | null) => faqEntries('privacy', minN).find((e) => e.q.startsWith('Kan iemand zien'))!.a;
    expect(privacy(12)).toBe(`Nee. ${smallGroupRule(12)}. Zo zijn antwoorden niet tot personen te herleiden.`);
    expect(privacy(null)).toContain(smallGroupRule(null));
    expect(faqEntries('meedoen', 12)).toEqual(FAQ.meedoen);
  });
});
