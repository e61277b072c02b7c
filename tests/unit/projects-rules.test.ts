import { describe, expect, it } from 'vitest';
import { daysUntil, licenceEndDateStyle, projectAgeStyle } from '../../src/server/services/projects/licence-status';
import { crosses } from '../../src/server/services/indicators/compute-indicator';
import { describeIndicator, formatIndicatorValue } from '../../src/shared/i18n/indicators';
import { IndicatorInput } from '../../src/shared/validation/indicators';
import { pathExists } from '../../src/components/shell/page-exists';

const today = new Date('2026-06-15T10:00:00Z');
const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000);

describe('licence and project age colouring (spec 001 §9)', () => {
  it('licence: past is an error, within 60 days a warning, else nothing', () => {
    expect(licenceEndDateStyle('2026-06-14', today)).toBe('error');
    expect(licenceEndDateStyle('2026-06-15', today)).toBe('warning');
    expect(licenceEndDateStyle('2026-08-13', today)).toBe('warning');
    expect(licenceEndDateStyle('2026-08-16', today)).toBeNull();
    expect(licenceEndDateStyle(null, today)).toBeNull();
  });

  it('age on updated_at: under 60 days none, 60–120 orange, over 120 red', () => {
    expect(projectAgeStyle(daysAgo(59), today)).toBeNull();
    expect(projectAgeStyle(daysAgo(60), today)).toBe('warning');
    expect(projectAgeStyle(daysAgo(120), today)).toBe('warning');
    expect(projectAgeStyle(daysAgo(121), today)).toBe('error');
  });

  it('counts calendar days to an end date', () => {
    expect(daysUntil('2026-06-15', today)).toBe(0);
    expect(daysUntil('2026-08-14', today)).toBe(60);
    expect(daysUntil('2026-06-01', today)).toBe(-14);
  });
});

describe('indicators', () => {
  it('crosses its threshold by the comparator', () => {
    expect([crosses(10, 'greater', 10), crosses(10, 'greaterOrEqual', 10), crosses(9, 'less', 10), crosses(10, 'lessOrEqual', 10), crosses(11, 'less', 10)]).toEqual([false, true, true, true, false]);
  });

  it('says its condition in Dutch with Dutch numbers', () => {
    expect(describeIndicator({ metric: 'responses', comparator: 'greaterOrEqual', threshold: 2500 })).toBe('Aantal respondenten groter dan of gelijk aan 2.500');
    expect(describeIndicator({ metric: 'percentage', comparator: 'less', threshold: 12.5, answerLabel: 'Zeer tevreden', questionLabel: 'Tevredenheid' })).toBe("Percentage 'Zeer tevreden' (Tevredenheid) kleiner dan 12,5%");
    expect(formatIndicatorValue('mean', 6.349)).toBe('6,3');
  });

  it('validates: a question for all but the response count, an answer for a percentage, a Dutch decimal comma', () => {
    const base = { project_id: 1, survey_id: 1, title: 'x', comparator: 'less', threshold: '6,5' };
    expect(IndicatorInput.safeParse({ ...base, metric: 'responses' }).data?.threshold).toBe(6.5);
    const mean = IndicatorInput.safeParse({ ...base, metric: 'mean' });
    expect(mean.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['column_key', 'Dit veld mag niet leeg zijn']]);
    const pct = IndicatorInput.safeParse({ ...base, metric: 'percentage', column_key: 'q' });
    expect(pct.error?.issues.map((i) => i.path.join('.'))).toEqual(['answer_code']);
  });
});

describe('links only to pages of the build', () => {
  it('knows which routes have a page', () => {
    expect(pathExists('/project/1/users')).toBe(true);
    expect(pathExists('/report/overview?tab=concept')).toBe(true);
    expect(pathExists('/ZorgkaartNederland/ratings')).toBe(true);
    expect(pathExists('/project/1/onbekend')).toBe(false);
    expect(pathExists('/bestaat/niet')).toBe(false);
  });
});
