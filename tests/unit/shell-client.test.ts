import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueText, outcomeFor } from '../../src/shared/api-catalogue';
import { createRequestQueue } from '../../src/shared/request-queue';
import { $alerts, addAlert, alertTexts, clearSuccessAlerts, dismissAlert, dismissAllAlerts, pruneAlerts, startAlertTimer } from '../../src/shared/stores/alerts';
import { $subLoadingPercent, requestFinished, requestStarted } from '../../src/shared/stores/loaders';

describe('request queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at most 5 at once and lets the waiting ones in on the next 100 ms poll', async () => {
    const queue = createRequestQueue(5, 100);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const results = Array.from({ length: 7 }, (_, i) =>
      queue.run(() => {
        started.push(i);
        return new Promise<number>((resolve) => releases.push(() => resolve(i)));
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running).toBe(5);
    releases[0]!();
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(60);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    releases.slice(1).forEach((r) => r());
    await vi.advanceTimersByTimeAsync(100);
    releases.slice(6).forEach((r) => r());
    await vi.advanceTimersByTimeAsync(100);
    releases.forEach((r) => r());
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(queue.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const queue = createRequestQueue(1, 100);
    await expect(queue.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(queue.running).toBe(0);
  });
});

describe('error catalogue and generic response handling', () => {
  it('turns saves, creations and deletions into Dutch success messages', () => {
    expect(outcomeFor('PUT', 200, { data: [{ meta: { dutch: 'Rapportage' } }] }).success).toEqual(['Rapportage is opgeslagen']);
    expect(outcomeFor('POST', 201, { data: { meta: { dutch: 'Project' } } }).success).toEqual(['Project is aangemaakt']);
    expect(outcomeFor('DELETE', 200, {}).success).toEqual([catalogueText.deleted]);
    expect(outcomeFor('GET', 200, {}).success).toEqual([]);
    expect(outcomeFor('POST', 200, { alert: 'Uw vraag is verstuurd' }).success).toEqual(['Uw vraag is verstuurd']);
  });

  it('maps the error statuses of spec 000 §8', () => {
    expect(outcomeFor('DELETE', 400, {}).errors).toEqual(['Verwijderen is mislukt']);
    expect(outcomeFor('POST', 413, {}).errors).toEqual(['Het bestand dat u heeft geüpload is te groot']);
    for (const status of [401, 403, 419]) expect(outcomeFor('GET', status, {}).action).toBe('recheckLogin');
    expect(outcomeFor('GET', 404, {}).action).toBe('notFoundPage');
    expect(outcomeFor('GET', 424, {}).action).toBe('failedDependencyPage');
    expect(outcomeFor('POST', 422, { errors: { email: ['Voer een geldig e-mailadres in'], name: ['a', 'b'] } }).errors).toEqual([
      'Voer een geldig e-mailadres in',
      'a, b',
    ]);
    expect(outcomeFor('POST', 200, { errors: ['Let op'] }).errors).toEqual(['Let op']);
  });
});

describe('alerts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    dismissAllAlerts();
  });
  afterEach(() => vi.useRealTimers());

  it('makes one alert per list entry, joining nested lists with a comma and space', () => {
    expect(alertTexts(['a', ['b', 'c']])).toEqual(['a', 'b, c']);
    addAlert(['een', 'twee'], false);
    expect($alerts.get().map((a) => a.content)).toEqual(['een', 'twee']);
    dismissAlert($alerts.get()[0]!.id);
    expect($alerts.get().map((a) => a.content)).toEqual(['twee']);
    dismissAllAlerts();
    expect($alerts.get()).toEqual([]);
  });

  it('lets success alerts without a link vanish ~6 s after their timestamp, checked every 3 s', () => {
    const stop = startAlertTimer();
    addAlert('Opgeslagen', true);
    addAlert('Mislukt', false);
    addAlert('Bekijk het rapport', true, { to: '/portal/report/1' });
    vi.advanceTimersByTime(3000);
    expect($alerts.get()).toHaveLength(3);
    vi.advanceTimersByTime(3000);
    expect($alerts.get().map((a) => a.content)).toEqual(['Mislukt', 'Bekijk het rapport']);
    vi.advanceTimersByTime(60_000);
    expect($alerts.get()).toHaveLength(2);
    stop();
  });

  it('judges age by the timestamp, and clears success alerts on navigation', () => {
    addAlert('oud', true, { now: Date.now() - 7000 });
    addAlert('nieuw', true);
    pruneAlerts();
    expect($alerts.get().map((a) => a.content)).toEqual(['nieuw']);
    addAlert('fout', false);
    clearSuccessAlerts();
    expect($alerts.get().map((a) => a.content)).toEqual(['fout']);
  });
});

describe('sub-loader percentage', () => {
  it('derives the percent done from the pending requests of the current batch', () => {
    expect($subLoadingPercent.get()).toBeNull();
    requestStarted();
    requestStarted();
    requestStarted();
    requestStarted();
    expect($subLoadingPercent.get()).toBe(0);
    requestFinished();
    expect($subLoadingPercent.get()).toBe(25);
    requestFinished();
    requestFinished();
    expect($subLoadingPercent.get()).toBe(75);
    requestFinished();
    expect($subLoadingPercent.get()).toBeNull();
  });
});

describe('api client: the XSRF cookie', () => {
  const calls: { url: string; method: string; xsrf?: string }[] = [];
  let cookie = '';
  beforeEach(() => {
    calls.length = 0;
    cookie = '';
    vi.stubGlobal('document', { get cookie() { return cookie; } });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, method: init.method ?? 'GET', xsrf: headers['X-XSRF-TOKEN'] });
      if (url.endsWith('/auth/csrf-cookie')) cookie = 'XSRF-TOKEN=abc%3D';
      return new Response('{"data":1}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the cookie before a write when it is missing, and sends it', async () => {
    const { request } = await import('../../src/shared/api-client');
    await request('POST', '/api/v2/report/1/filterCategory', { selectedFilterOptions: [] });
    expect(calls).toEqual([
      { url: '/portal/auth/csrf-cookie', method: 'GET', xsrf: undefined },
      { url: '/portal/api/v2/report/1/filterCategory', method: 'POST', xsrf: 'abc=' },
    ]);
  });

  it('does not for reads, nor when the cookie is there', async () => {
    const { request } = await import('../../src/shared/api-client');
    await request('GET', '/api/v2/bootstrap');
    cookie = 'XSRF-TOKEN=xyz';
    await request('PUT', '/api/v2/user/3', {});
    expect(calls).toEqual([
      { url: '/portal/api/v2/bootstrap', method: 'GET', xsrf: undefined },
      { url: '/portal/api/v2/user/3', method: 'PUT', xsrf: 'xyz' },
    ]);
  });
});
