// Leaf module (no imports): the job registry and the routes both need these names, and the job
// registry is itself imported by the job runner — keeping them here avoids an import cycle.
export const EXPORT_PDF_JOB = 'report.export-pdf';
export const exportKey = (jobId: number) => `exports/${jobId}.pdf`;
