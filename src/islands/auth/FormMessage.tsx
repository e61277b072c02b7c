/** The message above a form: red for errors, green for success. */
export function FormMessage({ message, success = false }: { message: string | null; success?: boolean }) {
  if (!message) return null;
  const tone = success ? 'bg-green-50 border-green-300 text-green-900' : 'bg-red-50 border-red-300 text-red-800';
  return (
    <p role={success ? 'status' : 'alert'} className={`rounded border px-3 py-2 text-sm ${tone}`}>
      {message}
    </p>
  );
}

export function SubmitButton({ busy, ready, label }: { busy: boolean; ready: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={!ready || busy}
      className="rounded bg-brand text-white font-semibold py-2 px-4 hover:bg-brand-dark disabled:opacity-60"
    >
      {label}
    </button>
  );
}
