/** What the server tells the lazily loaded shell islands (JSON in #shell-props). */
export interface ShellProps {
  /** Signed-in user, or null outside the app. */
  user: { fullname: string; email: string } | null;
  /** Current path relative to /portal (FAQ topics) and route name (help form). */
  path: string;
  routeName: string | null;
  /** Outside the app or embedded: the help form defaults to a general question. */
  outside: boolean;
  /** The user may pick projects (project.view). */
  canPickProject: boolean;
}

export type IslandKind = 'help' | 'faq' | 'rating';
