import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../src/server/files/image-type';
import { plainTitle } from '../../src/server/services/reports/seed-plan';
import { ChartOptionInput, TextInput, WidgetInput } from '../../src/shared/validation/reports-parts';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('sniffImageType: the first bytes decide, never the name', () => {
  it('knows png, jpeg, gif and webp', () => {
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses svg, other RIFF files, pdf, html and empty input', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('<?xml version="1.0"?><svg>'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes('GIF90a'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('plainTitle: question texts as chart titles', () => {
  it('strips html, entities and whitespace, and keeps at most 191 characters', () => {
    expect(plainTitle('<p>Hoe&nbsp;tevreden bent u <b>over</b>\n de buurt?</p>', 'q1')).toBe('Hoe tevreden bent u over de buurt?');
    expect(plainTitle('<br/> ', 'q1')).toBe('q1');
    expect(plainTitle(undefined, 'q1')).toBe('q1');
    expect(plainTitle('x'.repeat(300), 'q1')).toHaveLength(191);
  });
});

describe('reports-parts schemas', () => {
  it('types chart option values by key', () => {
    expect(ChartOptionInput.parse({ key: 'decimals', value: '2' })).toEqual({ key: 'decimals', value: 2 });
    expect(ChartOptionInput.parse({ key: 'showN', value: 'true' })).toEqual({ key: 'showN', value: true });
    expect(ChartOptionInput.safeParse({ key: 'maxCategories', value: 0 }).success).toBe(false);
    expect(ChartOptionInput.safeParse({ key: 'onbekend', value: 1 }).success).toBe(false);
  });

  it('needs exactly one place for a text and settings that fit the widget', () => {
    expect(TextInput.parse({ chart_id: '3', body: ' Tekst ' })).toEqual({ chart_id: 3, position: 'before', body: 'Tekst' });
    expect(TextInput.safeParse({ body: 'x' }).success).toBe(false);
    expect(WidgetInput.parse({ section_id: 1, widget_type_id: 2 })).toEqual({ section_id: 1, widget_type_id: 2, settings: {} });
    expect(WidgetInput.safeParse({ section_id: 1, widget_type_id: 4, settings: { name: 'A', onbekend: 1 } }).success).toBe(false);
  });
});
