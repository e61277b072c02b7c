import { shellTexts } from '../../shared/i18n/shell';
import { dismissAlert, dismissAllAlerts, type Alert } from '../../shared/stores/alerts';

/** Draws the alert list into #alerts (errors as role=alert, successes as role=status). */
export function renderAlerts(list: readonly Alert[]): void {
  const region = document.getElementById('alerts');
  if (!region) return;
  region.replaceChildren(
    ...list.map((alert) => {
      const item = document.createElement('div');
      item.className = `flex items-start gap-3 rounded shadow-lg px-4 py-3 text-sm ${alert.success ? 'bg-green-700 text-white' : 'bg-red-700 text-white'}`;
      item.setAttribute('role', alert.success ? 'status' : 'alert');
      const text = document.createElement('p');
      text.className = 'flex-1';
      // Server messages are shown as text, never as markup.
      text.textContent = alert.content;
      item.appendChild(text);
      if (alert.to) {
        const link = document.createElement('a');
        link.href = alert.to;
        link.className = 'underline font-semibold';
        link.textContent = alert.buttonText ?? 'Bekijken';
        item.appendChild(link);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'rounded px-1 hover:bg-black/20';
      close.setAttribute('aria-label', shellTexts.dismiss);
      close.textContent = '✕';
      close.addEventListener('click', () => dismissAlert(alert.id));
      item.appendChild(close);
      return item;
    }),
  );
  if (list.length > 1) {
    const all = document.createElement('button');
    all.type = 'button';
    all.className = 'self-end rounded bg-gray-800 text-white px-3 py-1 text-xs';
    all.textContent = shellTexts.dismissAll;
    all.addEventListener('click', dismissAllAlerts);
    region.appendChild(all);
  }
}
