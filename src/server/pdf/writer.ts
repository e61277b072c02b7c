import { type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { INK, MUTED, hex } from './colors';
import type { PdfTheme } from './model';
import { type StructElem, Tagger } from './tags';
import { drawText, widthOf, wrapText } from './text';

export const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.margin + 20;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A cursor over A4 pages: adds a page when the next block does not fit. */
export class PdfWriter {
  page!: PDFPage;
  y = 0;
  /** The structure tree: what is drawn inside `tags.mark` is that element's content, the rest an artifact. */
  readonly tags: Tagger;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly theme: PdfTheme,
  ) {
    this.tags = new Tagger(doc);
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.tags.onNewPage(this.page);
    return this.page;
  }

  /** Makes room for `height` points below the cursor, starting a new page if needed. */
  ensure(height: number): void {
    if (!this.page || this.y - height < BOTTOM) this.newPage();
  }

  /** A paragraph (tagged `role`, P unless said; inside a figure part of the figure). */
  text(text: string, opts: { size?: number; bold?: boolean; color?: RGB; gap?: number; x?: number; width?: number; role?: StructElem['role'] } = {}): void {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const lineHeight = size * 1.35;
    const lines = wrapText(text, font, size, opts.width ?? CONTENT_WIDTH);
    // The first line's room first, so the element's content starts on the page it is drawn on.
    this.ensure(lineHeight);
    this.tags.mark(opts.role ?? 'P', () => {
      for (const line of lines) {
        this.ensure(lineHeight);
        drawText(this.page, line, { x: opts.x ?? PAGE.margin, y: this.y - size, size, font, color: opts.color ?? INK });
        this.y -= lineHeight;
      }
    });
    this.y -= opts.gap ?? 4;
  }

  /** A section heading (H2; the report's title on the cover is the H1). */
  heading(text: string, level: 1 | 2): void {
    const size = level === 1 ? 18 : 13;
    this.ensure(size * 3);
    if (level === 1) this.y -= 6;
    this.text(text, { size, bold: true, color: hex(this.theme.primary), gap: level === 1 ? 10 : 6, role: level === 1 ? 'H2' : 'H3' });
  }

  /** "Pagina x van y" on every page but the cover. */
  numberPages(label: (page: number, total: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      if (i === 0) return;
      const text = label(i + 1, pages.length);
      const size = 8;
      const width = widthOf(this.fonts.regular, text, size);
      this.tags.artifact(page, () => drawText(page, text, { x: PAGE.width - PAGE.margin - width, y: PAGE.margin - 20, size, font: this.fonts.regular, color: MUTED }));
    });
  }
}
