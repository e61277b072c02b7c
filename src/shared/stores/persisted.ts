import { atom, type WritableAtom } from 'nanostores';

/** An atom mirrored to localStorage (JSON), read once at start; storage errors are ignored. */
export function persistedAtom<T>(key: string, initial: T): WritableAtom<T> {
  let start = initial;
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    if (raw !== null) start = JSON.parse(raw) as T;
  } catch {
    // Corrupt or unavailable storage: fall back to the default.
  }
  const store = atom<T>(start);
  store.listen((value) => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Private mode without storage: the preference lasts for this page only.
    }
  });
  return store;
}
