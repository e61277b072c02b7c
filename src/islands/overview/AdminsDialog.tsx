import { useEffect, useRef } from 'react';

/** 'Toon Beheerders': the admins' full names in a modal. */
export function AdminsDialog({ title, admins, onClose }: { title: string; admins: string[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="admins-title" className="m-auto w-[min(420px,95vw)] rounded-lg p-0 shadow-xl backdrop:bg-black/40">
      <div className="flex flex-col gap-3 p-5">
        <h2 id="admins-title" className="text-lg font-semibold">
          Beheerders van {title}
        </h2>
        {admins.length ? (
          <ul className="list-disc ps-5">
            {admins.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          <p>Geen beheerders gevonden</p>
        )}
        <button type="button" onClick={() => ref.current?.close()} className="self-end rounded bg-brand px-4 py-2 text-white">
          Sluiten
        </button>
      </div>
    </dialog>
  );
}
