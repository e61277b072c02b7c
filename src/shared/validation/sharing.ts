import './zod-nl';
import { z } from 'zod';
import { sharingNl } from '../i18n/sharing';

/** The most websites an organisation lists for embedding (a CSP header stays short). */
export const MAX_EMBED_DOMAINS = 20;

// A host name as CSP host-source: labels of letters, digits and hyphens, optionally '*.' in front
// and a port behind. No scheme: the browser then allows the portal's own (https in production).
const HOST = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}(:\d{1,5})?$/;

/** 'https://www.Gemeente.nl/' → 'www.gemeente.nl' (what people paste from the address bar). */
export function normaliseEmbedDomain(raw: string): string {
  return raw.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '');
}

const domain = z
  .string({ error: sharingNl.embedDomains.invalid('') })
  .transform(normaliseEmbedDomain)
  .refine((d) => d.length <= 253 && HOST.test(d), { error: (issue) => sharingNl.embedDomains.invalid(String(issue.input ?? '')) });

/** PUT company/{id}/embed: the websites that may show this organisation's public reports in an iframe. */
export const EmbedDomainsInput = z.object({
  embed_domains: z
    .array(domain, { error: sharingNl.embedDomains.list })
    .max(MAX_EMBED_DOMAINS, sharingNl.embedDomains.tooMany(MAX_EMBED_DOMAINS))
    .transform((list) => [...new Set(list)]),
});
export type EmbedDomainsInput = z.infer<typeof EmbedDomainsInput>;

/** The stored column (one host a line) as a list. */
export const embedDomainList = (stored: string): string[] => stored.split('\n').map((d) => d.trim()).filter(Boolean);

/** PUT report/{id}/share: public access on or off. */
export const ShareInput = z.object({ direct_access: z.boolean({ error: sharingNl.share.switchRequired }) });
export type ShareInput = z.infer<typeof ShareInput>;
