/** Hands a blob to the browser as a download (the PDF export, a chart's CSV and XLSX). */
export function downloadBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
