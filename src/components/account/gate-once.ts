const rendered = new WeakSet<Request>();

/** True the first time it is asked for a request, so the gate renders at most once per page. */
export function claimAccountGate(request: Request): boolean {
  if (rendered.has(request)) return false;
  rendered.add(request);
  return true;
}
