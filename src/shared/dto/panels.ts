import type { AnswerField } from '../validation/panels';

/** A panel's background question with its options (GET panel/{id}/field, the user's panels, the public panel page). */
export type PanelFieldView = AnswerField & { panel_id: number; description: string; type: string; order: number; options: { id: number; label: string; order: number }[] };

/** A row of a panel's member list (GET panel/{id}/user). */
export interface PanelMember {
  id: number;
  fullname: string;
  email: string;
  joined_at: string;
  /** Fields answered of all fields, and whether every required field is answered. */
  answered: number;
  fields: number;
  required_missing: number;
  complete: boolean;
}

/** A panel member account on the 'Panelleden' tab (GET user/panel-member), with the panels they belong to. */
export interface PanelMemberAccount {
  id: number;
  fullname: string;
  email: string;
  company_id: number | null;
  company: string | null;
  created_at: string;
  last_login_at: string | null;
  panels: { id: number; name: string }[];
}

/** One of my panels with its fields and my answers (GET user/{id}/answer). */
export interface MemberPanel {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  joined_at: string;
  fields: PanelFieldView[];
  answers: Record<string, string | number | number[]>;
}
