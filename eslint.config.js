import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

/** every folder under src/renderer/features is a feature that may not import another */
const FEATURES = readdirSync(new URL('./src/renderer/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  // Stryker's sandboxes and reports are copies and output, not sources
  {
    ignores: [
      ...['node_modules', 'out', 'dist', 'release', '.data', 'coverage', '.stryker-tmp', 'reports'],
      // the bundled configs Vite and electron-vite write beside their own for a moment while a build starts (npm test
      // lints while it builds): a file that is gone by the time ESLint opens it stops the linter
      '*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.node.json', 'tsconfig.web.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Prettier keeps code within 150 columns (npm run lint checks it); this holds comments to the same width, and lets
      // only a string or a template literal (SQL, messages) run past it, as Prettier does not break them
      'max-len': ['error', { code: 150, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared contracts import only zod
            { target: './src/shared', from: ['./src/renderer', './src/main', './src/preload', './server'] },
            // the renderer reaches the desktop only through lib/platform.ts and never the server
            { target: './src/renderer', from: ['./src/main', './src/preload', './server'] },
            { target: './server', from: ['./src/renderer', './src/main', './src/preload'] },
            // features do not import each other; app/ composes them
            ...FEATURES.map((feature) => ({
              target: `./src/renderer/features/${feature}`,
              from: './src/renderer/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only src/main and src/preload may import electron.' }] }],
    },
  },
  {
    // a route reads its input by the schema its endpoint declares, so the handler, GET /api/openapi.json and the
    // renderer cannot go by different ones. These options replace the ones above for these files, hence electron again
    files: ['server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src/main and src/preload may import electron.' }],
          patterns: [
            {
              regex: '(^|/)http/validation$',
              importNames: ['parseBody', 'parseQuery'],
              message: "Use bodyOf(ctx, endpoint) / queryOf(ctx, endpoint): they validate with the endpoint's declared body / query schema.",
            },
          ],
        },
      ],
    },
  },
  {
    // the website's service worker: a classic script, run by the browser as it is
    files: ['src/renderer/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/main/**', 'src/preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // an endpoint's URL comes from its declaration in src/shared/api/endpoints, through src/renderer/lib/api.ts
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'Call the endpoint from src/shared/api/endpoints with api() or apiUrl() instead of writing its URL.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the endpoint from src/shared/api/endpoints with api() or apiUrl() instead of writing its URL.',
        },
      ],
    },
  },
  {
    // the endpoint table's client and the request layer under it, checked with URLs spelled out, and the service
    // worker's test, whose subject is the /api/ prefix it never caches
    files: ['src/renderer/lib/api.test.ts', 'src/renderer/lib/api-client.test.ts', 'src/renderer/lib/service-worker-script.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // a plain script the page runs before the app (the saved theme, before the first paint)
    files: ['src/renderer/public/theme.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
)
