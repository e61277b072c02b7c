import type { PanelRow } from './access';

export const panelImageUrl = (panelId: number) => `/portal/api/v2/panel/${panelId}/image`;
/** The image's address for <img>, or null (default logo); the key's tail busts caches after an upload. */
export const panelImageSrc = (panelId: number, key: string | null) => (key ? `${panelImageUrl(panelId)}?v=${encodeURIComponent(key.slice(-8))}` : null);
export const registrationPath = (token: string) => `/portal/register/panel/${encodeURIComponent(token)}`;
export const panelLoginPath = (token: string) => `/portal/login/panel/${encodeURIComponent(token)}`;

/**
 * A panel as the API shows it (spec 001 §3: id, company_id, name, description, image, token,
 * users). `image` (base64 PNG) only comes with GET panel/{id}; lists carry `image_url`.
 * The token and links only for those who manage the panel.
 */
export function presentPanel(p: PanelRow, extra: { company?: string | null; users?: number; fields?: number; manage: boolean }) {
  return {
    id: p.id,
    company_id: p.companyId,
    company: extra.company ?? null,
    name: p.name,
    description: p.description,
    image_url: panelImageSrc(p.id, p.imageKey),
    token: extra.manage ? p.token : undefined,
    token_enabled: p.tokenEnabled,
    registration_url: extra.manage && p.token ? registrationPath(p.token) : undefined,
    login_url: extra.manage && p.token ? panelLoginPath(p.token) : undefined,
    users_count: extra.users ?? 0,
    fields_count: extra.fields ?? 0,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
export type PresentedPanel = ReturnType<typeof presentPanel>;
