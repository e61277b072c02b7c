/**
 * The page-wide guard against a dropped file making the browser leave the page (DropGuard.astro),
 * as the text of an inline script: it must run before any island. The CSP allows it by its hash,
 * which astro.config.mjs computes from this same text (security.csp.scriptDirective.hashes).
 */
export const DROP_GUARD_JS = `
(function () {
  function carriesFiles(e) {
    var types = e.dataTransfer ? e.dataTransfer.types : null;
    return !!types && Array.prototype.indexOf.call(types, 'Files') >= 0;
  }
  function takesFiles(target) {
    return target instanceof Element && !!target.closest('input[type="file"]:not([disabled]), [data-drop-zone]');
  }
  ['dragover', 'drop'].forEach(function (type) {
    window.addEventListener(type, function (e) {
      if (e.defaultPrevented || !carriesFiles(e) || takesFiles(e.target)) return;
      e.preventDefault();
      if (type === 'dragover') e.dataTransfer.dropEffect = 'none';
    });
  });
  document.addEventListener('change', function (e) {
    var field = e.target;
    if (!(field instanceof HTMLInputElement) || field.type !== 'file' || !field.files || !field.files.length) return;
    var island = field.closest('astro-island[ssr]');
    var status = document.getElementById('early-drop-status');
    if (!island || !status || !field.closest('[data-drop-zone]')) return;
    var line = document.createElement('p');
    line.className = 'early-drop-line';
    line.textContent = status.dataset.text.replace('{files}', Array.prototype.map.call(field.files, function (f) { return f.name; }).join(', '));
    status.replaceChildren(line);
    island.addEventListener('astro:hydrate', function () { status.replaceChildren(); }, { once: true });
  }, true);
})();
`;
