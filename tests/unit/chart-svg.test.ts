import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { renderChartSvg } from '../../src/shared/chart-svg';
import { CHART_TYPES } from '../../src/shared/lookups';
import { cell, hidden, location } from './chart-fixtures';

const codes = ['1', '2', '3'];
const texts = ['Meer groen <graag>', 'Minder "auto\'s" & parkeren', 'Goed zo'];
const day = (m: number) => Date.UTC(2026, m, 1) / 86_400_000;

function locationsFor(key: string) {
  if (key === 'open-answers' || key === 'wordcloud') return [location(1, texts, [cell('A', [7, 3, 1], texts), hidden('B')], { kind: 'text', labels: undefined })];
  // NPS needs a 0–10 scale (any other scale gets the Dutch 'kies een ander grafiektype' instead).
  const codes = key === 'net-promoter' ? ['0', '8', '10'] : ['1', '2', '3'];
  const a = { ...cell('A', [123, 456, 789], codes, { mean: 3.3, topBox: 61.2 }), buckets: [0, 1, 2].map((m) => ({ period: m, startDay: day(m), endDay: day(m) + 27, ...cell('', [40 + m, 150, 263], codes) })) };
  return [location(1, codes, [a, hidden('B', 'group_below_min_n')], { question: 'Hoe tevreden bent u?' })];
}

describe('renderChartSvg', () => {
  for (const t of CHART_TYPES) {
    it(`${t.key}: well-formed SVG with role, title and desc; the suppressed benchmark shows no numbers`, () => {
      const spec = buildChartSpec({ id: 3, title: `Grafiek & ${t.name}`, chartTypeId: t.id, granularityId: t.key === 'line' || t.key === 'area' ? 3 : 0, options: { showN: true } }, locationsFor(t.key), { minN: 10, usePatterns: t.id % 2 === 0 });
      const svg = renderChartSvg(spec);
      expect(XMLValidator.validate(svg)).toBe(true);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('role="img"');
      expect(svg).toContain('aria-labelledby="chart-3-t chart-3-d"');
      expect(svg).toContain(`<title id="chart-3-t">Grafiek &amp; ${t.name}</title>`);
      expect(svg).toContain('Te weinig respondenten');
      expect(svg).not.toMatch(/<script|on\w+=/i);
      // B's group is suppressed: the only numbers in the SVG are A's (123/456/789 and their shares), never B's.
      for (const s of spec.series.filter((x) => x.suppressed)) expect(s.values.every((v) => v === null)).toBe(true);
    });
  }

  it('escapes answer texts', () => {
    const svg = renderChartSvg(buildChartSpec({ id: 1, title: 'Open', chartTypeId: 13 }, locationsFor('open-answers')));
    expect(svg).toContain('Meer groen &lt;graag&gt;');
    expect(svg).toContain('Minder &quot;auto\'s&quot; &amp; parkeren');
  });

  it('a chart whose only benchmark is suppressed draws no numbers at all', () => {
    const secret = [4321, 8765, 1234];
    const loc = location(1, codes, [hidden('A')], { labels: ['Laag', 'Midden', 'Hoog'], question: 'Vraag een' });
    for (const t of CHART_TYPES) {
      const spec = buildChartSpec({ id: 1, title: 'T', chartTypeId: t.id }, [loc], { minN: 25 });
      const svg = renderChartSvg(spec);
      // Text nodes only: numbers other than min_n (25) must not appear.
      const visible = svg.replace(/<[^>]+>/g, ' ');
      const numbers = visible.match(/\d+([.,]\d+)?/g) ?? [];
      expect(numbers.every((n) => n === '25'), `${t.key}: ${numbers.join(' ')}`).toBe(true);
      for (const s of secret) expect(svg).not.toContain(String(s));
    }
  });

  it('shows percentages with counts and n when asked', () => {
    const loc = location(1, codes, [cell('A', [25, 25, 50], codes)]);
    const both = renderChartSvg(buildChartSpec({ id: 1, title: 'T', chartTypeId: 1, dataFormatId: 3, options: { showN: true } }, [loc]));
    expect(both).toContain('50% (50)');
    expect(both).not.toContain('(n=50)');
    const withN = renderChartSvg(buildChartSpec({ id: 1, title: 'T', chartTypeId: 1, dataFormatId: 1, chartOptions: [{ key: 'showN', value: true }] }, [loc]));
    expect(withN).toContain('50% (n=50)');
  });

  it('patterns become <pattern> defs referenced by fills', () => {
    const loc = location(1, codes, [cell('A', [1, 2, 3], codes), cell('B', [3, 2, 1], codes)]);
    const svg = renderChartSvg(buildChartSpec({ id: 9, title: 'T', chartTypeId: 2 }, [loc], { usePatterns: true }));
    expect(svg).toContain('<pattern id="chart-9-p0"');
    expect(svg).toContain('fill="url(#chart-9-p0)"');
  });
});
