import { shellTexts } from '../../shared/i18n/shell';

export interface ConfirmOptions {
  /** The dialog's heading; default 'Weet u het zeker?'. */
  title?: string;
  /** The button that goes ahead, named after the action ('Verwijderen'); default 'Doorgaan'. */
  confirmText?: string;
}

/**
 * The portal's own confirmation dialog for destructive actions, instead of the browser's own
 * confirm box: a native modal <dialog> with role alertdialog (focus stays inside, Escape cancels),
 * a heading, the question and two buttons. Focus starts on 'Annuleren', the safe choice, and
 * returns to the element that asked. Plain DOM, so islands and page scripts share this one dialog.
 */
export function confirmAction(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const id = `confirm-${Math.random().toString(36).slice(2, 10)}`;
  const dialog = document.createElement('dialog');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-text`);
  dialog.dataset.testid = 'confirm-dialog';
  dialog.className = 'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/40';

  const body = document.createElement('div');
  body.className = 'flex flex-col gap-4 p-5';
  const title = document.createElement('h2');
  title.id = `${id}-title`;
  title.className = 'text-lg font-semibold';
  title.textContent = options.title ?? shellTexts.confirm.title;
  const text = document.createElement('p');
  text.id = `${id}-text`;
  text.className = 'text-sm [overflow-wrap:anywhere]';
  text.textContent = message;
  const buttons = document.createElement('div');
  buttons.className = 'flex flex-wrap justify-end gap-2';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'rounded border border-gray-400 bg-white px-4 py-2 text-sm hover:bg-gray-100';
  cancel.textContent = shellTexts.confirm.cancel;
  const ok = document.createElement('button');
  ok.type = 'button';
  ok.className = 'rounded bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800';
  ok.textContent = options.confirmText ?? shellTexts.confirm.ok;
  buttons.appendChild(cancel);
  buttons.appendChild(ok);
  body.appendChild(title);
  body.appendChild(text);
  body.appendChild(buttons);
  dialog.appendChild(body);
  document.body.appendChild(dialog);

  return new Promise((resolve) => {
    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    ok.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    // Escape (the dialog's cancel event) and both buttons end here.
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (previous?.isConnected) previous.focus();
      resolve(answer);
    });
    dialog.showModal();
    cancel.focus();
  });
}
