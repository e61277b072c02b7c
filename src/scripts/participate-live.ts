import { isTrue, type Env, type RExpr } from '../shared/expression/evaluate';

/**
 * The form works without this script. With it: conditions of the page are applied while the
 * respondent answers (the same evaluator as the server), the form reports which questions were
 * on screen, a page is sent once, and the language choice applies at once.
 */
const form = document.querySelector<HTMLFormElement>('form[data-meedoen]');

function reportShown(f: HTMLFormElement) {
  const field = f.elements.namedItem('shown');
  if (!(field instanceof HTMLInputElement)) return;
  field.value = [...f.querySelectorAll<HTMLElement>('[data-sid]')]
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => el.dataset.sid)
    .join(' ');
}

if (form) {
  let sending = false;
  form.addEventListener('submit', (event) => {
    if (sending) return event.preventDefault();
    sending = true;
    reportShown(form);
    // A page that comes back from the cache (browser back button) may be sent again.
    addEventListener('pageshow', () => (sending = false), { once: true });
  });
  form.querySelector<HTMLElement>('select[data-lang-switch]')?.addEventListener('change', () => {
    form.querySelector<HTMLButtonElement>('button[value="lang"]')?.click();
  });

  const data = document.getElementById('meedoen-logic')?.textContent;
  if (data) {
    const logic = JSON.parse(data) as { c: [number, number, RExpr][]; v: Record<string, string | null>; k: Record<string, number> };
    const hidden = new Set<number>();
    const env: Env = {
      get(key) {
        const qid = logic.k[key];
        if (qid === undefined) return logic.v[key] ?? null;
        if (hidden.has(qid)) return null;
        const el = form.elements.namedItem(key);
        if (!el) return '';
        if (el instanceof RadioNodeList) return el.value;
        if (el instanceof HTMLInputElement && el.type === 'checkbox') return el.checked ? el.value : '';
        const v = (el as HTMLInputElement).value.trim();
        return el instanceof HTMLInputElement && el.inputMode === 'decimal' ? v.replace(',', '.') : v;
      },
    };
    const apply = () => {
      // A few passes: a question can depend on one that just appeared or disappeared.
      for (let pass = 0; pass < 4; pass++) {
        let changed = false;
        for (const [qid, rid, expr] of logic.c) {
          const el = document.getElementById(rid ? `r${rid}` : `q${qid}`);
          if (!el) continue;
          const on = isTrue(expr, env);
          if (el.hidden === on) {
            el.hidden = !on;
            changed = true;
          }
          if (!rid) {
            if (on) hidden.delete(qid);
            else hidden.add(qid);
          }
        }
        if (!changed) break;
      }
    };
    form.addEventListener('input', apply);
    form.addEventListener('change', apply);
    apply();
  }
}
