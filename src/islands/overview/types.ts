/** One labelled value of an item, shown in its block and as a table column. */
export interface OverviewField {
  label: string;
  value: string | number | null;
  /** Colours the value: error red, warning orange (e.g. Einddatum licentie). */
  tone?: 'error' | 'warning' | null;
}

export interface OverviewItem {
  id: number | string;
  title: string;
  /** The item's own page: the title becomes a link to it (absolute path, built on the server). */
  href?: string;
  fields: OverviewField[];
  /** false: no edit button; with `admins` the item offers 'Toon Beheerders' instead. Default true. */
  editable?: boolean;
  /** Full names of the item's admins, for the 'Toon Beheerders' modal. */
  admins?: string[];
  /** Extra link buttons (e.g. 'Bekijken'); hrefs are absolute paths, built on the server. */
  actions?: { text: string; href: string }[];
  /** Values the `filters` of the overview select on, by filter key. */
  facets?: Record<string, string>;
}

/** A select above the items that keeps those whose facet `key` equals the chosen value ('' = all). */
export interface OverviewFilter {
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

/**
 * Props of the generic overview (projects, reports, users, companies, panels, surveys …).
 * Everything is plain data, so an Astro page can render it as an island
 * (`<Overview client:load {...props} />`) and another island can use it as a component.
 * Permissions are decided on the server: pass `edit` only when the user has the edit role.
 */
export interface OverviewProps {
  /** The items, or null while they load (1–6 skeleton placeholders are shown). */
  items: OverviewItem[] | null;
  /** Plural Dutch name for the empty state 'Geen {type} gevonden'; default 'elementen'. */
  type?: string;
  /** Placeholder of the search box, e.g. 'Zoek project...'. */
  searchPlaceholder?: string;
  /**
   * Labels of the fields the search also looks in (the title always counts); default: all fields.
   * E.g. ['Opdrachtgever'] for the project overview (title and client).
   */
  searchFields?: string[];
  /**
   * Edit button per editable item, linking to the named route (src/shared/routes.ts) with param
   * `id` = the item id plus `params`; default text 'Bewerken'. Omit it when the user lacks the role.
   */
  edit?: { route: string; params?: Record<string, string>; text?: string };
  /** Force block grid (0) or table (1); otherwise the user's persisted choice. */
  forceType?: 0 | 1;
  /** Accessible name of the list, e.g. 'Projecten'. */
  label: string;
  /** Selects next to the search box (e.g. company, has tokens); the first option should mean 'all' (''). */
  filters?: OverviewFilter[];
  /** Page the block grid too (two rows of blocks per page), not only the table. */
  pageBlocks?: boolean;
  /** Rows per table page to start with (default 25). */
  pageSize?: 10 | 25 | 50 | 100;
}
