import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML, true once the island runs: submit buttons stay disabled until
 * then, so an early click can't submit the form natively (and put its fields in the URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
