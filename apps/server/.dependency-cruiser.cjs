/**
 * Import rules of the server (decision 0021), run by `npm run lint` from apps/server.
 * Layers: app.ts/main.ts → features/<name>/{routes → service → queries} → lib/, db/, providers/.
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
    {
      name: "routes-do-not-touch-the-database",
      comment:
        "A route parses, authorises and answers; reading and writing belong to the service and its queries.",
      severity: "error",
      from: { path: "^src/features/[^/]+/routes\\.ts$" },
      to: { path: ["^src/db/", "drizzle-orm"] },
    },
    {
      name: "features-meet-through-services",
      comment:
        "A feature reaches another feature only through its service (auth's session check is auth's service for requests).",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/",
        pathNot: [
          "^src/features/$1/",
          "^src/features/[^/]+/service\\.ts$",
          "^src/features/auth/session\\.ts$",
        ],
      },
    },
    {
      name: "shared-layers-below-features",
      comment: "lib/, db/ and providers/ are used by features, never the other way round.",
      severity: "error",
      from: { path: "^src/(lib|db|providers)/" },
      to: { path: "^src/(features|app\\.ts|main\\.ts)" },
    },
    {
      name: "no-test-code-in-production",
      comment: "Production modules do not import test peers and fixtures (src/testing/, *.testing.ts).",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/testing/", "\\.testing\\.ts$"] },
      to: { path: ["^src/testing/", "\\.testing\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "dist", "\\.test\\.ts$"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
