import { z } from 'zod';

/** Worker bindings and variables (wrangler.toml, secrets, local .dev.vars). */
export interface Bindings {
  APP_ENV?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  FILES?: R2Bucket;
  JOBS?: Queue;
  /** Optional Workers AI binding: the report assistant's model (src/server/ai/ask-ai.ts). */
  AI?: unknown;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  HELPDESK_EMAIL?: string;
  /** Public base URL (https://portal.example.nl) for links in mails sent without a request (cron, jobs). */
  APP_URL?: string;
  /** 32 bytes, base64: encrypts TOTP secrets at rest (required in production). */
  TOTP_ENCRYPTION_KEY?: string;
}

const Config = z.object({
  appEnv: z.enum(['production', 'development', 'test']).default('production'),
  libsqlUrl: z.string().regex(/^(libsql|https?|file|wss?):/, 'LIBSQL_URL must be a libSQL URL'),
  libsqlAuthToken: z.string().optional(),
  mailApiUrl: z.url().optional(),
  mailApiKey: z.string().optional(),
  mailFrom: z.string().default('ImpulZ <noreply@impulz.nl>'),
  helpdeskEmail: z.email().default('helpdesk@impulz.nl'),
  appUrl: z.url().optional(),
  totpEncryptionKey: z.base64().optional(),
}).refine((c) => c.appEnv !== 'production' || !!c.totpEncryptionKey, {
  message: 'TOTP_ENCRYPTION_KEY is required in production',
  path: ['totpEncryptionKey'],
});
export type Config = z.infer<typeof Config>;

let cached: { source: Bindings; config: Config } | undefined;

/** Parses the bindings once per isolate; a misconfigured Worker fails loudly, not per request. */
export function readConfig(env: Bindings): Config {
  if (cached?.source === env) return cached.config;
  const config = Config.parse({
    appEnv: env.APP_ENV || undefined,
    libsqlUrl: env.LIBSQL_URL,
    libsqlAuthToken: env.LIBSQL_AUTH_TOKEN || undefined,
    mailApiUrl: env.MAIL_API_URL || undefined,
    mailApiKey: env.MAIL_API_KEY || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    helpdeskEmail: env.HELPDESK_EMAIL || undefined,
    appUrl: env.APP_URL || undefined,
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY || undefined,
  });
  cached = { source: env, config };
  return config;
}
