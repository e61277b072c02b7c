import { useState } from 'react';
import { api } from '../../shared/api-client';
import { messagesPageNl as t } from '../../shared/i18n/messages';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

/** Own profile: mails about new messages in one's projects on or off (PUT user/{id} {message_mails}). */
export default function MessageMailsToggle({ userId, initial }: { userId: number; initial: boolean }) {
  const keepInput = useKeepEarlyInput<HTMLElement>();
  const hydrated = useHydrated();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function change(next: boolean) {
    setBusy(true);
    try {
      await api('PUT', `/api/v2/user/${userId}`, { body: { message_mails: next } });
      setOn(next);
    } catch {
      // The client shows why.
    } finally {
      setBusy(false);
    }
  }
  return (
    <section ref={keepInput} className="flex flex-col gap-2 rounded-lg bg-white p-6 shadow" aria-labelledby="message-mails-title">
      <h2 id="message-mails-title" className="text-lg font-semibold">{t.mailsTitle}</h2>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={on} disabled={!hydrated || busy} onChange={(e) => void change(e.target.checked)} />
        <span>{t.mailsLabel}</span>
      </label>
    </section>
  );
}
