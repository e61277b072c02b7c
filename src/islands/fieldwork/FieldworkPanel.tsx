import { useCallback, useEffect, useState } from 'react';
import { request } from '../../shared/api-client';
import { participateNl } from '../../shared/i18n/participate';
import FieldworkSettings from './FieldworkSettings';
import Invitations from './Invitations';
import PanelFielding from './PanelFielding';
import type { Fieldwork } from './types';
import { useKeepEarlyInput } from '../early-input';

const t = participateNl;

/** Tokens tab, above the token list: taking part (link, open/closed, period), invitations, panels. */
export default function FieldworkPanel({ surveyId, initial }: { surveyId: number; initial: Fieldwork }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [fieldwork, setFieldwork] = useState(initial);
  const reload = useCallback(async () => {
    const res = await request<{ data: Fieldwork }>('GET', `/api/v2/survey/${surveyId}/fieldwork`).catch(() => null);
    if (res) setFieldwork(res.data);
  }, [surveyId]);
  useEffect(() => setFieldwork(initial), [initial]);
  return (
    <div ref={keepInput} className="flex flex-col gap-6" data-testid="fieldwork">
      <section aria-labelledby="fw-title" className="flex flex-col gap-3">
        <h2 id="fw-title" className="text-lg font-semibold">{t.fieldwork.title}</h2>
        <FieldworkSettings surveyId={surveyId} fieldwork={fieldwork} onSaved={setFieldwork} />
        {fieldwork.warnings.length > 0 && (
          <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
            <p className="font-semibold">{t.warnings.heading}</p>
            <ul className="list-disc pl-5">{fieldwork.warnings.map((w) => <li key={w}>{w}</li>)}</ul>
          </div>
        )}
      </section>
      <section aria-labelledby="inv-title" className="flex flex-col gap-3">
        <h2 id="inv-title" className="text-lg font-semibold">{t.invitations.title}</h2>
        <Invitations surveyId={surveyId} fieldwork={fieldwork} onDone={reload} />
      </section>
      <section aria-labelledby="panel-title" className="flex flex-col gap-3">
        <h2 id="panel-title" className="text-lg font-semibold">{t.panels.title}</h2>
        <PanelFielding surveyId={surveyId} fieldwork={fieldwork} onChanged={reload} />
      </section>
    </div>
  );
}
