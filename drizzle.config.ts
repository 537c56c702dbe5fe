import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration after a schema change; `npm run db:migrate`
// (scripts/db-migrate.ts) applies the migrations to DATABASE_URL (the Node host also applies them
// itself at every start).
export default defineConfig({
  dialect: 'turso',
  schema: './db/schema.ts',
  out: './db/migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:./data/app.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
});
