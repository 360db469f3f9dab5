import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration for any change to server/db/schema.ts; commit it as it is.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
