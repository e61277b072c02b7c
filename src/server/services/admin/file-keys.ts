import type { ServiceContext } from '../../context';

export interface ListedObject {
  key: string;
  size: number;
  type: string | null;
  uploaded: string | null;
}

/** Every object under a prefix (R2 list, 1000 a page); empty when the store can't list (no FILES binding). */
export async function listKeys(ctx: Pick<ServiceContext, 'jobs'>, prefix = ''): Promise<ListedObject[]> {
  const store = ctx.jobs?.files;
  if (!store?.list) return [];
  const out: ListedObject[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(prefix, cursor);
    out.push(...page.objects);
    cursor = page.cursor;
  } while (cursor);
  return out;
}
