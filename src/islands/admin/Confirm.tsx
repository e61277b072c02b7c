import { Dialog } from '../shell/Dialog';

/** A yes/no question before an action that can't be undone. */
export function Confirm({ title, text, action, onYes, onNo }: { title: string; text: string; action: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog title={title} onClose={onNo} className="w-[min(520px,95vw)]">
      <p className="mb-4">{text}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded border border-gray-400 px-3 py-1" onClick={onNo}>Annuleren</button>
        <button type="button" className="rounded bg-red-700 px-3 py-1 text-white" onClick={onYes}>{action}</button>
      </div>
    </Dialog>
  );
}
