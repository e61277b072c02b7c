import { generateToken, hashToken } from '../../auth/tokens';
import type { UserServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { tokensNl } from '../../../shared/i18n/api-tokens';
import { endOfDay } from '../../../shared/format';
import type { TokenInput } from '../../../shared/validation/api-tokens';
import { findTokenOwner, presentToken } from './access';

/** Tokens carry a recognisable prefix (so secret scanners and people can tell what they are). */
export const TOKEN_PREFIX = 'impz_';

/**
 * POST user/{id}/token: a new personal access token. The answer carries the token once
 * (`data.token`); only its SHA-256 is stored, so nobody can show it again.
 */
export async function createToken(ctx: UserServiceContext, userId: number, input: TokenInput) {
  await findTokenOwner(ctx, userId);
  const expiresAt = input.expires_at ? endOfDay(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= ctx.now.getTime()) throw new AppError('VALIDATION', nl.validation, { expires_at: [tokensNl.datePast] });
  const token = `${TOKEN_PREFIX}${generateToken(32)}`;
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({ userId, name: input.name, tokenHash: hashToken(token), scopes: input.scopes, expiresAt, createdBy: ctx.user.id })
    .returning();
  return { ...presentToken(row!, ctx.now), token };
}
