import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes SQL migrations from src/db/schema into src/db/migrations; they are
// committed and applied at boot (src/db/migrate.ts). Generation needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
})
