import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD, generatePassword } from '../../src/shared/password-generator';
import { NewPassword, passwordProblems, passwordRules } from '../../src/shared/validation/password';

describe('password policy (spec 000 §5)', () => {
  it('reports each broken rule with its own Dutch message', () => {
    expect(passwordProblems('kort')).toEqual([
      'Het wachtwoord moet minimaal 12 karakters bevatten',
      'Het wachtwoord moet minimaal één hoofdletter bevatten',
      'Het wachtwoord moet minimaal één cijfer bevatten',
      'Het wachtwoord moet minimaal één speciaal teken bevatten',
    ]);
    expect(passwordProblems('ALLEEN-HOOFDLETTERS-123')).toEqual(['Het wachtwoord moet minimaal één kleine letter bevatten']);
    expect(passwordProblems('Goed-Wachtwoord-2026')).toEqual([]);
    expect(passwordRules).toHaveLength(5);
  });

  it('returns all messages through the shared zod schema', () => {
    const result = NewPassword.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toHaveLength(4);
    expect(NewPassword.safeParse('').error!.issues[0]!.message).toBe('Dit veld mag niet leeg zijn');
  });
});

describe('generated passwords', () => {
  it('are 16 characters with the four guaranteed kinds, from the allowed sets, and pass the policy', () => {
    const { lower, upper, digits, symbols } = GENERATED_PASSWORD;
    const allowed = new Set(lower + upper + digits + symbols);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(16);
      expect([...p].every((ch) => allowed.has(ch))).toBe(true);
      expect([...p].some((ch) => lower.includes(ch))).toBe(true);
      expect([...p].some((ch) => upper.includes(ch))).toBe(true);
      expect([...p].some((ch) => digits.includes(ch))).toBe(true);
      expect([...p].some((ch) => symbols.includes(ch))).toBe(true);
      expect(passwordProblems(p)).toEqual([]);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
    expect(digits).toBe('2345679');
    expect(symbols).toBe('?&%!$@');
  });

  it('shuffles: the guaranteed characters are not always in front', () => {
    const firstIsLower = Array.from({ length: 200 }, () => GENERATED_PASSWORD.lower.includes(generatePassword()[0]!));
    expect(firstIsLower.some((v) => !v)).toBe(true);
  });
});
