/** GET survey/{id}/fieldwork as the tokens tab reads it. */
export interface Fieldwork {
  status: 'open' | 'closed';
  starts_at: string | null;
  ends_at: string | null;
  state: 'open' | 'closed' | 'notStarted' | 'ended';
  uses_tokens: boolean;
  anonymized: boolean;
  link: string;
  paper_link: string;
  counts: { in_progress: number; completed_web: number; paper: number; pending_rebuild: number };
  invitations: { to_invite: number; to_remind: number };
  panels: { id: number; name: string; members: number }[];
  available_panels: { id: number; name: string; members: number }[];
  warnings: string[];
}
