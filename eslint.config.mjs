// One lint configuration for every workspace (run by CI: `npm run lint`). typescript-eslint for TypeScript, react-hooks
// for the rules of hooks, jsx-a11y for accessible markup; eslint-config-prettier leaves formatting to Prettier.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import kitOnly from './eslint-rules/kit-only.mjs';

// Browser apps build schemas in shared-api (one zod, shared at run time); a direct import bundles another copy.
const noZod = {
  name: 'zod',
  message: 'Build the schema in shared-api (one zod at run time); type-only imports are fine.',
  allowTypeImports: true,
};

// Issue 23: the password strength estimate (zxcvbn-ts and its Italian and French dictionaries, ~700 KB) is the server's;
// a page shows the server's refusal instead.
const noPasswordStrength = {
  name: '@wms/shared-api/password-strength',
  message: "Server only (its dictionaries are far too heavy for a page): the form shows the server's 400 on the password field.",
};

// The restricted imports of a browser app: flat config replaces a rule per block, so each block that adds a path states
// the whole list through this one function.
const restrictedImports = (...more) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths: [noZod, noPasswordStrength, ...more] }],
});

// Issue 21: quantities, prices and amounts are exact decimal strings; a float reading of one loses digits silently
// (1,1 × 3 = 3,3000000000000003) and Intl/toFixed format in no particular language. Decimals go through shared-api's
// rules/decimal.ts (sumDecimals, compareDecimals, multiplyDecimals, readDecimal…) and the kit's formatter family.
const FLOAT_MESSAGE =
  "No float reading of decimals: use shared-api's exact functions (readDecimal, sumDecimals, compareDecimals, multiplyDecimals…) " +
  'and the formatters (formatKind, formatQuantity, formatAmount…). For an id or a count use parseInt(text, 10).';
const noFloatDecimals = {
  'no-restricted-globals': ['error', { name: 'parseFloat', message: FLOAT_MESSAGE }],
  'no-restricted-properties': [
    'error',
    { object: 'Number', property: 'parseFloat', message: FLOAT_MESSAGE },
    { object: 'Intl', property: 'NumberFormat', message: FLOAT_MESSAGE },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: "CallExpression[callee.type='Identifier'][callee.name='Number']", message: `Number(...): ${FLOAT_MESSAGE}` },
    { selector: "NewExpression[callee.type='Identifier'][callee.name='Number']", message: `new Number(...): ${FLOAT_MESSAGE}` },
    {
      selector: "UnaryExpression[operator='+'][argument.type=/^(Identifier|MemberExpression|CallExpression|ChainExpression)$/]",
      message: `Unary + turns text into a float: ${FLOAT_MESSAGE}`,
    },
    {
      selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(toFixed|toPrecision)$/]",
      message: `toFixed/toPrecision round a float: ${FLOAT_MESSAGE}`,
    },
  ],
};

const ROUTER_MESSAGE = "Import the router from '@wms/shared-ui/router' (the one shared router; add a missing API there), not react-router.";

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'releases/**',
      'e2e/artifacts/**',
      '.ci/out/**',
      'bench/results/**',
      'server/test/openapi/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { rules: { 'no-empty': ['error', { allowEmptyCatch: true }], 'no-redeclare': ['error', { builtinGlobals: false }] } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // The rules of hooks; the React Compiler rules of plugin v7 (refs, set-state-in-effect…) are for code compiled by
      // React Compiler, which this project does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components (e.g. <Hub role="admin">) is the user's role, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Browser apps build schemas in shared-api (one zod, shared at run time); a direct import bundles another copy.
    files: ['shell/src/**', 'shared-ui/src/**', 'mf-*/src/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrictedImports(),
  },
  {
    // One idempotency-key helper (issue 22): a screen keeps its key with the kit's useIdempotencyKey, never a key of its own.
    files: ['mf-*/src/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
    rules: restrictedImports(
      ...['@wms/shared-api', '@wms/shared-api/core'].map((name) => ({
        name,
        importNames: ['newIdempotencyKey'],
        message: "Keep the action's key with the kit's useIdempotencyKey() (one key per action, a new one after done()).",
      })),
    ),
  },
  {
    // The first page (shell, shared-ui) loads no zod: values come from '@wms/shared-api/core'; the root entry carries every
    // schema (and zod) and is for remotes' forms and the server. Type-only imports of the root are erased: fine.
    files: ['shell/src/**', 'shared-ui/src/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
    rules: restrictedImports({
      name: '@wms/shared-api',
      message: "Import values from '@wms/shared-api/core' (no zod on the sign-in page); type-only imports are fine.",
      allowTypeImports: true,
    }),
  },
  {
    // One router on the page: '@wms/shared-ui/router' is the federation singleton and carries only the React Router APIs
    // it re-exports (react-router is tree-shaken inside it). A direct import would bundle a second react-router (a second
    // Router context: "useLocation() may be used only in the context of a <Router>") or miss an export silently.
    // Tests and test helpers may build their own routers (MemoryRouter) from 'react-router'.
    files: ['shell/src/**', 'shared-ui/src/**', 'mf-*/src/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', 'shared-ui/src/testing/**', 'shared-ui/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({ name, message: ROUTER_MESSAGE })),
          patterns: [{ group: ['react-router/*', 'react-router-dom/*'], message: ROUTER_MESSAGE }],
        },
      ],
    },
  },
  {
    // No float arithmetic or float formatting of decimals in the browser apps (issue 21). Ids and counts: parseInt.
    files: ['shell/src/**', 'shared-ui/src/**', 'mf-*/src/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', 'shared-ui/src/testing/**'],
    rules: noFloatDecimals,
  },
  {
    // The kit everywhere (issue 22): data is read with useLoad/Loaded or usePagedList, never in a hand-written effect; a
    // row action is useRowActions().act, never confirm → call → toast → reload by hand (eslint-rules/kit-only.mjs).
    files: ['mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
    plugins: { kit: kitOnly },
    rules: { 'kit/no-fetch-in-effect': 'error', 'kit/no-hand-written-row-action': 'error' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    // Jest test files and setup may load modules after their mocks with require().
    files: ['**/*.test.{ts,tsx}', 'jest/**', '**/test/**', '**/test-support/**'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
