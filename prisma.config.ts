import { defineConfig } from 'prisma/config'

// Prisma 7 reads the connection from here, not from schema.prisma. The app itself applies
// prisma/migrations at start-up (src/store/migrate.ts); this file serves the Prisma CLI where its
// native engine is available (`prisma migrate deploy` agrees with what the app recorded).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/arbiter' },
})
