/**
 * The benchmark menu's stored pin choice (BenchmarkAside.astro), applied before the first paint so
 * a pinned menu doesn't pop open: the text of an inline script inside the <aside>. The CSP allows
 * it by its hash, which astro.config.mjs computes from this same text.
 */
export const BENCHMARK_PIN_JS = `
(function (menu) {
  var pinned = null;
  try { pinned = JSON.parse(localStorage.getItem('impulz.benchmarkMenuPinned')); } catch (e) {}
  menu.dataset.pinned = (pinned === null ? window.innerWidth >= 1920 : pinned) ? '1' : '0';
})(document.currentScript.parentElement);
`;
