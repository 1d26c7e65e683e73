// What the reference page adds to swagger-ui, served as its theme files (from this server, so the
// Content-Security-Policy needs no exception): colours with enough contrast for their text, and the
// names swagger-ui leaves out of a few controls.

/** Darker shades of swagger-ui's colours: each passes 4.5:1 against its text. */
const css = `
.swagger-ui .info .title small { background-color: #55606e; }
.swagger-ui .info .title small.version-stamp { background-color: #4d7300; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1c5fa8; }
.swagger-ui .btn.authorize { color: #17804f; border-color: #17804f; }
.swagger-ui .btn.authorize svg { color: #17804f; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background-color: #1b6bb8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background-color: #187a4a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background-color: #9a5400; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background-color: #c62828; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background-color: #137265; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background-color: #6b1fb8; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background-color: #0d5aa7; }
.swagger-ui .parameter__in, .swagger-ui .parameter__type { color: #5f5f5f; }
.swagger-ui .btn.cancel { color: #c62828; border-color: #c62828; }
.swagger-ui .btn.execute { background-color: #1c5fa8; border-color: #1c5fa8; }
.swagger-ui .download-contents { background-color: #55606e; }
`;

/**
 * Names for the controls swagger-ui renders without one (the request body editor, the parameter
 * fields of "Try it out", the dialog's close button), keyboard focus for its scrollable code samples, and an accessible name for the dialog's
 * Authorize buttons that includes the word they show. swagger-ui renders as the reader expands
 * operations, so this runs on every change to the page.
 */
const js = `(() => {
  const name = (selector, label) => {
    for (const element of document.querySelectorAll(selector)) element.setAttribute('aria-label', label);
  };
  const fix = () => {
    name('textarea.body-param__text:not([aria-label])', 'Request body');
    name('button.close-modal:not([aria-label])', 'Close');
    name('.auth-btn-wrapper button.authorize[aria-label="Apply credentials"]', 'Authorize: apply these credentials');
    for (const code of document.querySelectorAll('pre.microlight:not([tabindex])')) code.setAttribute('tabindex', '0');
    for (const row of document.querySelectorAll('tr[data-param-name]')) {
      for (const field of row.querySelectorAll('input:not([aria-label]), select:not([aria-label]), textarea:not([aria-label])')) {
        field.setAttribute('aria-label', row.dataset.paramName + ' (' + row.dataset.paramIn + ')');
      }
    }
  };
  new MutationObserver(fix).observe(document.documentElement, { childList: true, subtree: true });
})();
`;

export const referencePageTheme = {
  title: 'AI Prompts Database API',
  css: [{ filename: 'reference-page.css', content: css }],
  js: [{ filename: 'reference-page.js', content: js }],
};
