import { generateToken, hashToken } from '../../auth/tokens';
import type { UserServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { tokensNl } from '../../../shared/i18n/api-tokens';
import { endOfDay } from '../../../shared/format';
import type { TokenInput } from '../../../shared/validation/api-tokens';
import { auditRow } from '../audit/audit-row';
import { assertScopesWithinOwnRights, findTokenOwner, presentToken } from './access';

/** Tokens carry a recognisable prefix (so secret scanners and people can tell what they are). */
export const TOKEN_PREFIX = 'impz_';

/**
 * POST user/{id}/token: a new personal access token. The answer carries the token once
 * (`data.token`); only its SHA-256 is stored, so nobody can show it again. The token gets exactly
 * the ticked scopes, never one whose roles the issuer lacks; creation is audited in the same batch.
 */
export async function createToken(ctx: UserServiceContext, userId: number, input: TokenInput) {
  const owner = await findTokenOwner(ctx, userId);
  assertScopesWithinOwnRights(ctx, input.scopes);
  const expiresAt = input.expires_at ? endOfDay(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= ctx.now.getTime()) throw new AppError('VALIDATION', nl.validation, { expires_at: [tokensNl.datePast] });
  const token = `${TOKEN_PREFIX}${generateToken(32)}`;
  // Exactly the ticked scopes; the audit row in the same batch.
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(apiTokens).values({ userId, name: input.name, tokenHash: hashToken(token), scopes: input.scopes, expiresAt, createdBy: ctx.user.id }).returning(),
    auditRow(ctx, { action: 'token.create', resource: 'user', resourceId: userId, companyId: owner.companyId, summary: `Toegangstoken '${input.name}' aangemaakt voor ${owner.fullname} (${input.scopes.join(', ')})` }),
  ]);
  return { ...presentToken(row!, ctx.now), token };
}
