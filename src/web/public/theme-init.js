// Applies the chosen colour theme before the first paint (a file, not inline: the CSP allows only
// scripts from this origin). The app keeps it in step afterwards (src/web/lib/theme.ts).
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem('theme');
  } catch (e) {
    choice = null;
  }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
