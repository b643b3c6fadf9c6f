import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and applied at start-up by server/src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/*.schema.ts',
  out: './server/drizzle',
});
