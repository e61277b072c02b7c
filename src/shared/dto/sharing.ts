/** GET report/{id}/share: what the 'Delen' dialog shows (server and island share this shape). */
export interface ShareInfo {
  id: number;
  title: string;
  min_n: number;
  direct_access: boolean;
  /** '/portal/public/report/{id}'; the dialog puts the portal's origin in front. */
  public_path: string;
  /** The organisation's websites that may embed its public reports (frame-ancestors). */
  embed_domains: string[];
  /** The organisation's settings page when the user may change the websites, else null. */
  company_settings: string | null;
}
