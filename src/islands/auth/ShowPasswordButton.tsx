import { useHydrated } from '../use-hydrated';

interface Props {
  shown: boolean;
  onToggle: () => void;
  /** The button's text while the password is hidden, and while it is shown. */
  showText: string;
  hideText: string;
  className: string;
}

/**
 * 'Wachtwoord tonen': switching an input's type needs the island (no HTML or CSS can), so until it
 * runs the button is not there to be pressed — disabled and `invisible`, which keeps its place, so
 * nothing moves when it appears. Every password field with a show toggle uses this one.
 */
export function ShowPasswordButton({ shown, onToggle, showText, hideText, className }: Props) {
  const hydrated = useHydrated();
  return (
    <button type="button" className={`${className}${hydrated ? '' : ' invisible'}`} disabled={!hydrated} aria-pressed={shown} onClick={onToggle}>
      {shown ? hideText : showText}
    </button>
  );
}
