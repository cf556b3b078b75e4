// The import rules of STYLE.md and docs/architecture.md, checked by dependency-cruiser in `npm run lint`.
// No arrow is held: the last ones (jobs/start.ts into modules, the endpoint binder into the session,
// survey and helpers services) went with the runner's move to lib/ and the binder's to modules/session/. ESLint's zones in
// eslint.config.js say the same for features and lib/ with a message in the editor; this is the whole-graph view.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: each module can be read, tested and loaded after what it imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment: 'A web feature never imports another feature; app/ composes them.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-features',
      severity: 'error',
      comment: 'Web components/ and lib/ are shared building blocks: they never import features/ or app/.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'server-infrastructure-to-modules',
      severity: 'error',
      comment: 'Server lib/, db/ and plugins/ are below the features: they never import modules/.',
      from: { path: '^apps/server/src/(lib|db|plugins)/', pathNot: '^apps/server/src/db/seed/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'contracts is imported by both sides and imports neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dev-dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
    skipAnalysisNotInRules: true,
  },
};
