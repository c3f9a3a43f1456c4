// Generates the Prisma client without Prisma's native schema engine: `prisma generate` never calls the
// engine, but the CLI insists on one being present, and this machine (like many CI sandboxes) cannot
// download it. A stand-in executable satisfies the check. Skipped where the CLI is absent (production image,
// which copies the generated client from the build stage).
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const cli = path.resolve('node_modules/prisma/build/index.js')
if (!existsSync(cli)) {
  console.log('prisma CLI not installed; keeping the existing generated client')
  process.exit(0)
}
const env = { ...process.env }
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const stub = path.join(mkdtempSync(path.join(tmpdir(), 'arbiter-prisma-')), 'schema-engine')
  writeFileSync(stub, '#!/bin/sh\nexit 0\n')
  chmodSync(stub, 0o755)
  env.PRISMA_SCHEMA_ENGINE_BINARY = stub
}
const res = spawnSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env })
process.exit(res.status ?? 1)
