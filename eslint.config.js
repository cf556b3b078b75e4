// Lint: typescript-eslint's recommended rules, React hooks rules, and STYLE.md's one-way imports.
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { housePlugin } from './scripts/comment-rules.js';
import { sizeRuleConfigs } from './scripts/size-rules.js';

/** Routes files that read deps.db when the rule came in (a held baseline: remove an entry once its query moves). */
const ROUTES_HELD_ON_DEPS_DB = [
  'apps/server/src/modules/dev-outbox/routes.ts',
  'apps/server/src/modules/health/routes.ts',
  'apps/server/src/modules/provider/routes.ts',
];

const FEATURES_DIR = 'apps/web/src/features';
const features = fs.existsSync(FEATURES_DIR)
  ? fs
      .readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** A feature never imports another feature; the app composes them (STYLE.md, bulletproof-react's zones). */
const featureZones = features.map((feature) => ({
  files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [
              `**/features/${other}/**`,
              `**/features/${other}`,
              `../${other}/**`,
              `../../${other}/**`,
              `../../../${other}/**`,
            ],
            message: `features/${feature} must not import features/${other}: compose them in app/.`,
          })),
      },
    ],
  },
}));

const FRESHNESS_SELECTOR = {
  selector: 'Property[key.name=/^(staleTime|gcTime)$/]',
  message: 'Take staleTime and gcTime from FRESHNESS (lib/api/freshness.ts), by what the answer is.',
};
const ONE_SIGN_OUT_SELECTOR = {
  selector: 'ImportSpecifier[imported.name=/^(clearSession|recordSignedOutReason)$/]',
  message: 'Sign out with signOut(reason) (lib/session/sign-out.ts): it alone clears the session and records why.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/dist-*/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { house: housePlugin },
    rules: {
      'house/no-issue-numbers': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'components/ and lib/ are shared building blocks: they never import features or app.',
            },
          ],
        },
      ],
    },
  },
  ...featureZones,
  {
    // The server's one direction: lib/ and db/ are infrastructure, below the features in modules/.
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'lib/ and db/ never import modules/: the features build on them, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's one freshness policy (lib/api/freshness.ts): a query names what its answer is.
    // And one sign-out (STYLE rule 19): only lib/session/sign-out.ts clears the session or records why.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api/freshness.ts'],
    rules: {
      'no-restricted-syntax': ['error', FRESHNESS_SELECTOR, ONE_SIGN_OUT_SELECTOR],
    },
  },
  {
    // lib/session/sign-out.ts is the one sign-out: the freshness policy alone applies there.
    files: ['apps/web/src/lib/session/sign-out.ts'],
    rules: { 'no-restricted-syntax': ['error', FRESHNESS_SELECTOR] },
  },
  {
    // Routes are thin (STYLE rule 2): they never touch the database handle; a service or repository does.
    // The three routes files that read deps.db when the rule came in are held below until they are moved.
    files: ['apps/server/src/modules/**/routes.ts', 'apps/server/src/modules/**/*-routes.ts'],
    ignores: ROUTES_HELD_ON_DEPS_DB,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[object.name='deps'][property.name='db']",
          "MemberExpression[object.property.name='deps'][property.name='db']",
          "VariableDeclarator[init.name='deps'] > ObjectPattern > Property[key.name='db']",
        ].map((selector) => ({
          selector,
          message: 'Routes never touch deps.db: call a service, which asks a repository.',
        })),
      ],
    },
  },
  {
    // Routes are thin (STYLE rule 2): parse, call one service function, reply. Queries live in repositories.
    files: ['apps/server/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./repository.ts', './*-repository.ts', '**/repository.ts', '**/*-repository.ts'],
              message: 'Routes call services, never repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'react', 'react-*'],
              message: 'contracts has no I/O and no UI: it is imported by both sides.',
            },
          ],
        },
      ],
    },
  },
  // STYLE rule 18: max-lines 300 and max-lines-per-function 100, with today's offenders held at their size.
  ...sizeRuleConfigs(),
);
