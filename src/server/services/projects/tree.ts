import { sql, type SQL } from 'drizzle-orm';
import { projects } from '../../db/schema';

/** The project and all its descendants (any depth), as a subquery of ids. */
export const projectAndDescendants = (projectId: number): SQL =>
  sql`(with recursive tree(id) as (select ${projectId} union select ${projects.id} from ${projects} join tree on ${projects.parentProjectId} = tree.id) select id from tree)`;
