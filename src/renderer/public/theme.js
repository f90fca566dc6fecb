// Applies the saved colour theme before the first paint, so a dark page never flashes light. Loaded by a plain
// blocking <script> in index.html's head: the app's CSP allows no inline script. src/renderer/lib/theme.ts does the
// same from then on (system changes, other tabs) and documents the values, which must stay equal to these.
;(function () {
  var preference = 'system'
  try {
    var stored = window.localStorage.getItem('handover-theme')
    if (stored === 'light' || stored === 'dark') preference = stored
  } catch {
    // blocked storage: follow the system
  }
  var dark = preference === 'dark' || (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
})()
