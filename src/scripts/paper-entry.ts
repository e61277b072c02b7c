/**
 * Paper entry is typing, not clicking: Enter moves to the next field (as Tab does), and Enter in
 * the last field saves the form. Without JavaScript Enter saves at once, which works too.
 */
const form = document.querySelector<HTMLFormElement>('form[data-paper]');
form?.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  if (event.key !== 'Enter' || event.shiftKey || target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON') return;
  event.preventDefault();
  const fields = [...form.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea')].filter((el) => !el.closest('[hidden]') && !(el as HTMLInputElement).disabled);
  const at = fields.indexOf(target);
  const next = fields[at + 1];
  if (next) next.focus();
  else form.requestSubmit();
});
