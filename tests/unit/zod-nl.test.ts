import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../src/shared/validation/zod-nl';
import { messages } from '../../src/shared/validation/messages';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
};

describe("zod's Dutch fallback (checks without a message of their own)", () => {
  it('speaks the spec 000 §5 wording where the spec has it', () => {
    expect(messageOf(z.object({ title: z.string() }), {})).toBe(messages.required);
    expect(messageOf(z.string().min(1), '')).toBe(messages.required);
    expect(messageOf(z.string().min(2), 'a')).toBe(messages.min2Chars);
    expect(messageOf(z.string().max(60), 'x'.repeat(61))).toBe(messages.maxLength(60));
    expect(messageOf(z.int(), 1.5)).toBe(messages.wholeNumber);
    expect(messageOf(z.number().int(), 1.5)).toBe(messages.wholeNumber);
    expect(messageOf(z.number().min(1), 0)).toBe(messages.min1);
    expect(messageOf(z.number().positive(), 0)).toBe(messages.min1);
    expect(messageOf(z.number().max(10000), 10001)).toBe(messages.max10000);
    expect(messageOf(z.number().max(1_000_000), 1_000_001)).toBe(messages.max1000000);
    expect(messageOf(z.email(), 'geen-adres')).toBe(messages.email);
    expect(messageOf(z.array(z.number()).min(1), [])).toBe(messages.minOneOption);
  });

  it('answers wrong types, unknown keys and enum values in Dutch', () => {
    expect(messageOf(z.object({ a: z.string() }), [])).toBe('Dit veld heeft een ongeldige waarde');
    expect(messageOf(z.number(), 'x')).toBe('Dit veld moet een getal zijn');
    expect(messageOf(z.string(), 5)).toBe('Dit veld heeft een ongeldige waarde');
    expect(messageOf(z.strictObject({}), { x: 1 })).toBe('Onbekend veld: x');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Kies een van de toegestane waarden');
  });

  it('leaves a schema’s own message alone', () => {
    expect(messageOf(z.string({ error: 'Eigen melding' }), 5)).toBe('Eigen melding');
    expect(messageOf(z.string().max(3, 'Te lang'), 'abcd')).toBe('Te lang');
  });
});
