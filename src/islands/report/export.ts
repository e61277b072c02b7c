import { queue, request, xsrfHeader } from '../../shared/api-client';
import { reportViewNl } from '../../shared/i18n/report-view';
import { addAlert } from '../../shared/stores/alerts';
import { exportBenchmarks } from './report.store';
import { downloadBlob } from '../download';

const API = '/portal/api/v2';
const POLL_MS = 1000;
/** A big report as a job may take minutes; give up after 10. */
const MAX_POLLS = 600;

interface JobState {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
}

/** A file name the user's system accepts: the report title without path and reserved characters. */
export function pdfName(title: string): string {
  const safe = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 150);
  return `${safe || 'rapportage'}.pdf`;
}

async function fetchPdf(path: string, init: RequestInit = {}): Promise<Response> {
  // Binary answers bypass the JSON client, but still wait their turn in its queue.
  return queue.run(() => fetch(`${API}${path}`, { credentials: 'include', ...init, headers: { Accept: 'application/pdf, application/json', ...(init.headers ?? {}) } }));
}

async function waitForJob(id: number): Promise<void> {
  for (let i = 0; i < MAX_POLLS; i++) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const { data } = await request<{ data: JobState }>('GET', `/api/v2/job/${id}`);
    if (data.status === 'done') return;
    if (data.status === 'failed') throw new Error('job failed');
  }
  throw new Error('job timeout');
}

/** POST report/{id}/export with the current benchmarks: a PDF now (200) or a job to wait for (202). */
export async function exportReport(reportId: number, title: string): Promise<void> {
  const headers = { 'Content-Type': 'application/json', ...(await xsrfHeader()) };
  const res = await fetchPdf(`/report/${reportId}/export`, { method: 'POST', headers, body: JSON.stringify({ benchmarks: exportBenchmarks() }) });
  if (res.status === 200) return downloadBlob(await res.blob(), pdfName(title));
  if (res.status !== 202) throw new Error(`export ${res.status}`);
  const body = (await res.json()) as { data?: { job?: { id?: number }; id?: number } };
  const jobId = body.data?.job?.id ?? body.data?.id;
  if (!jobId) throw new Error('export without job');
  addAlert(reportViewNl.export.started, true);
  await waitForJob(jobId);
  const result = await fetchPdf(`/job/${jobId}/result`);
  if (!result.ok) throw new Error(`result ${result.status}`);
  downloadBlob(await result.blob(), pdfName(title));
}

/** The top bar's Export button fires impulz:export; whatever happens, impulz:export-done re-enables it. */
export function listenForExport(reportId: number, title: string): () => void {
  const onExport = (event: Event) => {
    const wanted = (event as CustomEvent<{ reportId?: number }>).detail?.reportId;
    if (wanted !== undefined && wanted !== reportId) return;
    exportReport(reportId, title)
      .catch(() => addAlert(reportViewNl.export.failed, false))
      .finally(() => document.dispatchEvent(new CustomEvent('impulz:export-done')));
  };
  document.addEventListener('impulz:export', onExport);
  return () => document.removeEventListener('impulz:export', onExport);
}
