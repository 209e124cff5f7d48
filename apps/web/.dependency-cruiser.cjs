/**
 * Import rules of the web app (decision 0021), run by `npm run lint` from apps/web.
 * Layers, top to bottom: app/ → features/ → components/ → hooks/ → queries/, demo/ → lib/.
 * Test files are left out: a test may import whatever it exercises.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No module imports itself through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      comment: "No folder depends on itself through other folders.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    // --- web (apps/web/src): app → features → queries / demo / components → lib
    {
      name: "web-features-are-closed",
      comment:
        "A web feature does not import another feature: shared UI lives in components/, shared queries in queries/, sample data in demo/, shared logic in lib/ (or packages/shared). app/ composes features.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/", pathNot: "^src/features/$1/" },
    },
    {
      name: "web-shared-layers-below-features",
      comment:
        "components/, queries/, demo/, lib/ and hooks/ are used by features, never the other way round.",
      severity: "error",
      from: { path: "^src/(components|queries|demo|lib|hooks)/" },
      to: { path: "^src/(features|app)/" },
    },
    {
      name: "web-features-below-app",
      comment: "Features do not reach up into app/ (routes, layouts, providers).",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: "^src/app/" },
    },
    {
      name: "web-logic-below-ui",
      comment: "hooks/, queries/, demo/ and lib/ hold logic, not UI.",
      severity: "error",
      from: { path: "^src/(hooks|queries|demo|lib)/" },
      to: { path: "^src/components/" },
    },
    {
      name: "web-queries-below-hooks",
      comment:
        "queries/ and demo/ read the API or hold sample data; hooks/ build on them, not the other way round.",
      severity: "error",
      from: { path: "^src/(queries|demo|lib)/" },
      to: { path: "^src/hooks/" },
    },
    {
      name: "web-lib-at-the-bottom",
      comment: "lib/ is the bottom layer: it imports no queries, sample data, hooks or UI.",
      severity: "error",
      from: { path: "^src/lib/" },
      to: { path: "^src/(queries|demo)/" },
    },
    {
      name: "no-test-code-in-production",
      comment: "Production modules do not import the test helpers of src/test/.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/test/" },
      to: { path: "^src/test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "dist", "\\.test\\.tsx?$"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
