import { defineConfig } from "drizzle-kit";

// One schema, one migration set for both PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
});
