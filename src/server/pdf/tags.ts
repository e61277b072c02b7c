import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, type PDFPage, type PDFRef } from 'pdf-lib';

/** A structure element of the tagged PDF (ISO 32000-1 §14.7): a role, its children and its alternative text. */
export interface StructElem {
  role: 'Document' | 'H1' | 'H2' | 'H3' | 'P' | 'Figure' | 'Table' | 'TR' | 'TH' | 'TD' | 'Caption';
  alt?: string;
  kids: (StructElem | { page: number; mcid: number })[];
}

type OperatorArg = Parameters<typeof PDFOperator.of>[1] extends (infer A)[] | undefined ? A : never;
const op = (name: PDFOperatorNames, ...args: OperatorArg[]) => PDFOperator.of(name, args);

/**
 * The structure tree of the report while it is drawn, and the marked content that ties each
 * element to what the pages show: every element's content is wrapped in `/Role <</MCID n>> BDC …
 * EMC` on its page (again on the next page when it runs over a page break); content outside any
 * element (bands, rules, page numbers) is an `/Artifact`. `finish` writes StructTreeRoot,
 * ParentTree, MarkInfo and each page's StructParents.
 */
export class Tagger {
  readonly root: StructElem = { role: 'Document', kids: [] };
  private readonly stack: StructElem[] = [this.root];
  /** Per page: the element of each MCID. */
  private readonly mcids: StructElem[][] = [];
  private pageIndex = -1;
  private page: PDFPage | null = null;
  /** The element whose content is being drawn (marked), or null: artifact. */
  private marked: StructElem | null = null;

  constructor(private readonly doc: PDFDocument) {}

  /** A new page: the artifact section opens on it. */
  onNewPage(page: PDFPage): void {
    if (this.page) this.page.pushOperators(op(PDFOperatorNames.EndMarkedContent));
    this.page = page;
    this.pageIndex = this.doc.getPageCount() - 1;
    this.mcids[this.pageIndex] = [];
    if (this.marked) this.begin(this.marked);
    else page.pushOperators(op(PDFOperatorNames.BeginMarkedContent, PDFName.of('Artifact')));
  }

  /** An element holding other elements (Table, TR): `draw` adds its children. */
  group<T>(role: StructElem['role'], draw: () => T): T {
    const elem: StructElem = { role, kids: [] };
    this.stack.at(-1)!.kids.push(elem);
    this.stack.push(elem);
    try {
      return draw();
    } finally {
      this.stack.pop();
    }
  }

  /** An element whose content is what `draw` puts on the page(s); inside another marked element, that one's content. */
  mark<T>(role: StructElem['role'], draw: () => T, alt?: string): T {
    if (this.marked) return draw();
    const elem: StructElem = { role, kids: [], ...(alt ? { alt } : {}) };
    this.stack.at(-1)!.kids.push(elem);
    this.page?.pushOperators(op(PDFOperatorNames.EndMarkedContent));
    this.marked = elem;
    if (this.page) this.begin(elem);
    try {
      return draw();
    } finally {
      this.page?.pushOperators(op(PDFOperatorNames.EndMarkedContent), op(PDFOperatorNames.BeginMarkedContent, PDFName.of('Artifact')));
      this.marked = null;
    }
  }

  /** Drawing on an earlier page (page numbers): an artifact of its own. */
  artifact(page: PDFPage, draw: () => void): void {
    page.pushOperators(op(PDFOperatorNames.BeginMarkedContent, PDFName.of('Artifact')));
    draw();
    page.pushOperators(op(PDFOperatorNames.EndMarkedContent));
  }

  private begin(elem: StructElem): void {
    const mcid = this.mcids[this.pageIndex]!.length;
    this.mcids[this.pageIndex]!.push(elem);
    elem.kids.push({ page: this.pageIndex, mcid });
    // An inline property list (a string argument is written as it is).
    this.page!.pushOperators(op(PDFOperatorNames.BeginMarkedContentSequence, PDFName.of(elem.role), `<</MCID ${mcid}>>`));
  }

  /** Closes the last page's artifact and writes the structure tree into the catalog. */
  finish(): void {
    this.page?.pushOperators(op(PDFOperatorNames.EndMarkedContent));
    this.page = null;
    const { context, catalog } = this.doc;
    const pages = this.doc.getPages();
    const rootRef = context.nextRef();
    const refs = new Map<StructElem, PDFRef>();
    const write = (elem: StructElem, parent: PDFRef): PDFRef => {
      const ref = context.nextRef();
      refs.set(elem, ref);
      const kids = PDFArray.withContext(context);
      for (const kid of elem.kids) {
        if ('role' in kid) kids.push(write(kid, ref));
        else kids.push(context.obj({ Type: 'MCR', Pg: pages[kid.page]!.ref, MCID: PDFNumber.of(kid.mcid) }));
      }
      const dict = context.obj({ Type: 'StructElem', S: elem.role, P: parent, K: kids });
      if (elem.alt) dict.set(PDFName.of('Alt'), PDFHexString.fromText(elem.alt));
      context.assign(ref, dict);
      return ref;
    };
    const documentRef = write(this.root, rootRef);
    const nums = PDFArray.withContext(context);
    pages.forEach((page, i) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(i));
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      nums.push(PDFNumber.of(i));
      const row = PDFArray.withContext(context);
      for (const elem of this.mcids[i] ?? []) row.push(refs.get(elem)!);
      nums.push(context.register(row));
    });
    const parentTree = context.register(context.obj({ Nums: nums }));
    context.assign(rootRef, context.obj({ Type: 'StructTreeRoot', K: documentRef, ParentTree: parentTree, ParentTreeNextKey: PDFNumber.of(pages.length) }));
    catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }
}
