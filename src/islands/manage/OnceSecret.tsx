import { useState } from 'react';

interface Props {
  /** What it is, e.g. 'Wachtwoord' or 'Toegangstoken'. */
  label: string;
  value: string;
  /** Why it is shown only now. */
  note: string;
  copyText: string;
  copiedText: string;
}

/** A secret the server answers once (generated password, access token): shown, copyable, never again. */
export function OnceSecret({ label, value, note, copyText, copiedText }: Props) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (permissions): the value stays selectable.
    }
  }
  return (
    <div className="flex flex-col gap-2 rounded border border-amber-500 bg-amber-50 p-4 text-black" role="status">
      <p className="text-sm">{note}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{label}:</span>
        <code className="select-all break-all rounded bg-white px-2 py-1 font-mono text-base" data-testid="once-secret">{value}</code>
        <button type="button" onClick={copy} className="rounded border border-gray-500 bg-white px-3 py-1 text-sm hover:bg-gray-100">
          {copied ? copiedText : copyText}
        </button>
      </div>
    </div>
  );
}
