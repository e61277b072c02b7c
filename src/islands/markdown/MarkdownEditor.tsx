import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isAllowedUrl, renderMarkdown } from '../../shared/markdown';
import { markdownNl as t } from '../../shared/i18n/chart-editor';
import * as cmd from './commands';

/** An outline icon like the shell's (components/shell/Icon.astro): emoji glyphs need a font many machines lack. */
const Glyph = ({ d }: { d: string }) => (
  <svg className="inline h-4 w-4 align-[-2px]" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false"><path d={d} /></svg>
);

interface Props {
  value: string;
  onChange: (value: string) => void;
  label: string;
  maxLength?: number;
  /** Field error from the API (shown under the textarea). */
  error?: string;
  rows?: number;
}

type Action = { key: string; label: string; icon: ReactNode; run: (s: cmd.EditState) => cmd.EditState | null; shortcut?: string };

/**
 * Markdown textarea with the toolbar of spec 001 §5 (bold, italic, heading 3–6, lists, link,
 * image, quote, indent/dedent) and a preview toggle that renders exactly what readers will see
 * (the shared renderMarkdown). Enter continues or ends a list; Tab/Shift+Tab indent only inside
 * a list item so keyboard users can still tab out of the field.
 */
export default function MarkdownEditor({ value, onChange, label, maxLength = 20_000, error, rows = 6 }: Props) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  function apply(run: Action['run']) {
    const el = area.current;
    if (!el) return;
    const next = run({ value, start: el.selectionStart, end: el.selectionEnd });
    if (!next) return;
    onChange(next.value);
    // The new value renders first; then restore focus and selection.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.start, next.end);
    });
  }

  function askUrl(prompt: string, image: boolean): string | null {
    const url = window.prompt(prompt, 'https://')?.trim();
    if (!url) return null;
    if (!isAllowedUrl(url) || (url.toLowerCase().startsWith('data:') && !image)) {
      setNotice(t.linkRefused);
      return null;
    }
    setNotice(null);
    return url;
  }

  const actions: Action[] = [
    { key: 'bold', label: t.bold, icon: 'B', shortcut: 'b', run: (s) => cmd.wrap(s, '**', t.placeholderBold) },
    { key: 'italic', label: t.italic, icon: 'I', shortcut: 'i', run: (s) => cmd.wrap(s, '*', t.placeholderItalic) },
    { key: 'heading', label: t.heading, icon: 'H', run: (s) => cmd.heading(s, t.placeholderHeading) },
    { key: 'ul', label: t.bulletList, icon: '•', run: (s) => cmd.list(s, false) },
    { key: 'ol', label: t.numberedList, icon: '1.', run: (s) => cmd.list(s, true) },
    { key: 'link', label: t.link, icon: <Glyph d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />, shortcut: 'k', run: (s) => { const u = askUrl(t.linkPrompt, false); return u ? cmd.link(s, u, t.placeholderLink) : null; } },
    { key: 'image', label: t.image, icon: <Glyph d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" />, run: (s) => { const u = askUrl(t.imagePrompt, true); return u ? cmd.link(s, u, t.placeholderImage, true) : null; } },
    { key: 'quote', label: t.quote, icon: '❝', run: cmd.quote },
    { key: 'indent', label: t.indent, icon: '⇥', run: cmd.indent },
    { key: 'dedent', label: t.dedent, icon: '⇤', run: cmd.dedent },
  ];

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    const el = e.currentTarget;
    const s = { value, start: el.selectionStart, end: el.selectionEnd };
    if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
      const next = cmd.enterInList(s);
      if (next) {
        e.preventDefault();
        apply(() => next);
      }
      return;
    }
    if (e.key === 'Tab' && /^\s*([-*+]|\d+[.)])\s/.test(value.slice(value.lastIndexOf('\n', s.start - 1) + 1))) {
      e.preventDefault();
      apply(e.shiftKey ? cmd.dedent : cmd.indent);
      return;
    }
    const hit = (e.ctrlKey || e.metaKey) && actions.find((a) => a.shortcut === e.key.toLowerCase());
    if (hit) {
      e.preventDefault();
      apply(hit.run);
    }
  }

  const describedBy = [error && `${id}-error`, notice && `${id}-notice`, `${id}-count`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1 text-sm" data-markdown-editor>
      <label htmlFor={id} className="font-medium">{label}</label>
      <div role="toolbar" aria-label={t.toolbar} aria-controls={id} className="flex flex-wrap items-center gap-1 rounded-t border border-b-0 bg-gray-50 px-1 py-1">
        {actions.map((a) => (
          <button key={a.key} type="button" className="min-w-8 rounded px-2 py-1 hover:bg-gray-200 focus:outline-2 focus:outline-brand disabled:opacity-40" title={a.label} disabled={preview} onClick={() => apply(a.run)}>
            <span aria-hidden="true" className={a.key === 'bold' ? 'font-bold' : a.key === 'italic' ? 'italic' : ''}>{a.icon}</span>
            <span className="sr-only">{a.label}</span>
          </button>
        ))}
        <button type="button" className="ms-auto rounded px-2 py-1 hover:bg-gray-200 focus:outline-2 focus:outline-brand" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? t.edit : t.preview}
        </button>
      </div>
      {preview && (
        <div className="markdown min-h-24 rounded-b border px-3 py-2" aria-live="polite" data-markdown-preview dangerouslySetInnerHTML={{ __html: value.trim() ? renderMarkdown(value) : `<p>${t.emptyPreview}</p>` }} />
      )}
      {/* Kept mounted while previewing so the label keeps its field and the caret its place. */}
      <textarea
        id={id}
        ref={area}
        hidden={preview}
        className="rounded-b border px-2 py-1 font-mono"
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-count`} className="self-end text-xs text-gray-600">{t.counter(value.length, maxLength)}</span>
      {notice && <span id={`${id}-notice`} className="text-red-700">{notice}</span>}
      {error && <span id={`${id}-error`} className="text-red-700">{error}</span>}
    </div>
  );
}
