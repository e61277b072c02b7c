/** At most `limit` requests at once; the others wait, polling every `pollMs` (spec 000 §7, §9). */
export function createRequestQueue(limit = 5, pollMs = 100) {
  let running = 0;
  const wait = () => new Promise<void>((resolve) => setTimeout(resolve, pollMs));
  return {
    get running() {
      return running;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      while (running >= limit) await wait();
      running++;
      try {
        return await task();
      } finally {
        running--;
      }
    },
  };
}
