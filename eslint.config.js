// Lint rules for the whole package: typescript-eslint's strict set, the rules of hooks, jsx-a11y for the
// web client, and the module boundaries (web never imports server, shared imports only zod, features
// do not import each other; on the server, lib/ and db/ import no module, a repository is its module's
// own, and the prompt query engine is used through its index.ts). Formatting is Prettier's job, so no
// stylistic rules here.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LIB_IMPORTS_NO_MODULE = {
  group: ['**/modules/**'],
  message: 'lib/ and db/ may not import a module: move the shared rule into lib/, or let the module register with lib/.',
};
const NO_OTHER_MODULES_REPO = {
  group: ['../*/*.repo', '../*/*.repo.ts', '**/modules/*/*.repo', '**/modules/*/*.repo.ts'],
  message: "Another module's repository is its own: use that module's service.",
};
const PROMPT_QUERY_THROUGH_INDEX = {
  group: ['**/prompt-query/*', '!**/prompt-query/index'],
  message: "Import the prompt query engine from 'modules/prompt-query' (its index.ts), not its inner files.",
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'migrations/**', '.test-data/**', 'data/**', 'screenshots/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are the compiler's job (noUnusedLocals/noUnusedParameters in tsconfig.lint.json).
      '@typescript-eslint/no-unused-vars': 'off',
      // Non-null assertions are used where an index is known to exist (noUncheckedIndexedAccess).
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The browser's confirm box cannot be styled, takes no focus rules and hides the page's own text:
      // ask with ConfirmDialog (components/ui), or not at all where Undo exists (a prompt delete).
      'no-restricted-globals': ['error', { name: 'confirm', message: 'Use ConfirmDialog from components/ui, or Undo.' }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'confirm', message: 'Use ConfirmDialog from components/ui, or Undo.' })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared' },
        { type: 'server', pattern: 'src/server' },
        { type: 'feature', pattern: 'src/web/features/*', capture: ['feature'] },
        { type: 'web', pattern: 'src/web' },
      ],
    },
    rules: {
      // Later policies win over earlier ones.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          policies: [
            { from: { element: { type: 'shared' } }, disallow: { to: { element: { types: { anyOf: ['server', 'web', 'feature'] } } } } },
            { from: { element: { type: 'shared' } }, disallow: { to: { module: { origin: 'external' } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { module: { origin: 'external', source: 'zod' } } } },
            { from: { element: { types: { anyOf: ['web', 'feature'] } } }, disallow: { to: { element: { type: 'server' } } } },
            { from: { element: { type: 'server' } }, disallow: { to: { element: { types: { anyOf: ['web', 'feature'] } } } } },
            { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'feature' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ and db/ hold what modules stand on, so they never import a module (that would make a loop of
    // layers). A repository (*.repo.ts) is its module's own: another module goes through that module's
    // service. The query engine is used through its index.ts only, so its inner files can change freely.
    files: ['src/server/lib/**/*.ts', 'src/server/db/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LIB_IMPORTS_NO_MODULE] }] },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/modules/prompt-query/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_OTHER_MODULES_REPO, PROMPT_QUERY_THROUGH_INDEX] }] },
  },
  {
    files: ['src/server/modules/prompt-query/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_OTHER_MODULES_REPO] }] },
  },
  {
    // The housekeeping timer calls each module's clean-up job by name, so it imports them. It goes when
    // jobs register themselves with it instead.
    files: ['src/server/lib/housekeeping.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests use the test runner, and component tests may render a neighbouring feature to check how they compose.
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'boundaries/dependencies': 'off' },
  },
);
