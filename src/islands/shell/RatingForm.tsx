import { useState, type SubmitEvent } from 'react';
import { api } from '../../shared/api-client';
import { ratingTexts } from '../../shared/i18n/shell';
import { FeedbackInput } from '../../shared/validation/help';
import { StarRating } from './StarRating';

interface RatingFormProps {
  /** Modal variant: also offers 'Vraag later opnieuw' and 'Vraag mij niet opnieuw'. */
  modal: boolean;
  /** Called after sending, whatever the outcome (spec: closes in all cases). */
  onDone: () => void;
}

/** 'Hoe beoordeelt u ImpulZ?': validates, sends POST feedback, then finishes in all cases. */
export function RatingForm({ modal, onDone }: RatingFormProps) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [contact, setContact] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function send(body: Record<string, unknown>) {
    setBusy(true);
    try {
      await api('POST', '/api/v2/feedback', { body });
    } catch {
      // The client already showed the error alert; the dialog closes regardless.
    } finally {
      setBusy(false);
      onDone();
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = FeedbackInput.safeParse({ rating, comment, contact_allowed: contact });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    void send(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={ratingTexts.title}>
      <StarRating
        value={rating}
        onChange={(v) => {
          setRating(v);
          setError(undefined);
        }}
        error={error}
      />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {ratingTexts.comment}
        <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={2000} className="rounded border border-gray-400 px-3 py-2 font-normal" />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={contact} onChange={(e) => setContact(e.target.checked)} />
        {ratingTexts.consent}
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        {modal && (
          <>
            <button type="button" disabled={busy} onClick={() => void send({ ask_later: true })} className="rounded px-3 py-2 text-brand hover:bg-brand-light">
              {ratingTexts.later}
            </button>
            <button type="button" disabled={busy} onClick={() => void send({ feedback_dont_ask: true })} className="rounded px-3 py-2 text-brand hover:bg-brand-light">
              {ratingTexts.never}
            </button>
          </>
        )}
        <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
          {ratingTexts.send}
        </button>
      </div>
    </form>
  );
}
