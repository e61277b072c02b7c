import { useEffect, useState } from 'react';

/** 1 to 6 placeholder blocks while items load (spec 000 §9); the count is random after hydration. */
export function Skeletons() {
  const [count, setCount] = useState(3);
  useEffect(() => setCount(1 + Math.floor(Math.random() * 6)), []);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true" aria-label="Bezig met laden van elementen">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-40 animate-pulse rounded-lg bg-gray-200" />
      ))}
    </ul>
  );
}
