import type { Limits } from '../../src/api/limits.ts'
import type { UpdateBus } from '../../src/api/updates.ts'
import { GameRegistry, type AnyEngine } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import type { JobSettings, QuotaSettings, WebhookPolicy } from '../../src/service/index.ts'
import { openTestDatabase } from './db.ts'
import { raceGame } from './test-game.ts'

export interface TestServer {
  app: ArbiterServer
  db: Database
  close(): Promise<void>
}

export interface TestServerOptions {
  dataDir?: string
  bodyLimit?: number
  limits?: Partial<Limits>
  /** The games served (default: the test game only). */
  games?: AnyEngine[]
  /** Where webhooks may go (default: the server's, public addresses only). */
  webhooks?: WebhookPolicy
  /** An already open database, shared with other test servers. */
  db?: Database
  /** Snapshots cached by the server (SNAPSHOT_CACHE_SIZE). */
  snapshotCacheSize?: number
  /** The server's snapshot cache budget (SNAPSHOT_CACHE_MB). */
  snapshotCacheMb?: number
  /** Background job and webhook settings (default: from the environment). */
  jobSettings?: JobSettings
  /** Creation quotas (QUOTA_*_PER_HOUR); default from the environment, which vitest.config.ts sets off. */
  quotas?: QuotaSettings
  /** Fans out through this Redis (as server processes do) instead of an in-process bus. */
  redisUrl?: string
  /** ARBITER_ADMIN_KEY: the operator's key (default: none, no operator). */
  adminKey?: string
  /** The bus to fan out through (default: an in-process one, or Redis with redisUrl), for a test that watches it. */
  bus?: UpdateBus
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const shared = opts.db
  const db = shared ?? (await openTestDatabase(opts.dataDir))
  const app = await buildServer({
    db,
    registry: new GameRegistry(opts.games ?? [raceGame]),
    bodyLimit: opts.bodyLimit,
    limits: opts.limits,
    snapshotCacheSize: opts.snapshotCacheSize,
    snapshotCacheMb: opts.snapshotCacheMb,
    webhooks: opts.webhooks,
    jobSettings: opts.jobSettings,
    quotas: opts.quotas,
    redisUrl: opts.redisUrl,
    adminKey: opts.adminKey,
    bus: opts.bus,
  })
  await app.ready()
  return {
    app,
    db,
    close: async () => {
      await app.close()
      if (!shared) await db.close()
    },
  }
}

/** A test server listening on a free loopback port, for tests that need real HTTP or WebSockets. */
export type ListeningServer = TestServer & { port: number; base: string }

export async function startListeningServer(opts: TestServerOptions = {}): Promise<ListeningServer> {
  const srv = await startTestServer(opts)
  await srv.app.listen({ port: 0, host: '127.0.0.1' })
  const addr = srv.app.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return { ...srv, port, base: `http://127.0.0.1:${port}` }
}

/** A GraphQL call through fastify.inject. */
export async function gql<T = any>(
  app: ArbiterServer,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ status: number; data: T; errors?: { message: string; extensions: Record<string, any> }[] }> {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { query, variables },
  })
  const body = res.json()
  return { status: res.statusCode, data: body.data, errors: body.errors }
}

export const RACE_DECK = { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }

export const CREATE_MATCH = `mutation($input: CreateMatchInput!) {
  createMatch(input: $input) { match { id version status toAct } seats { seat token } }
}`

export const SUBMIT = `mutation($input: SubmitActionInput!) {
  submitAction(input: $input) { match { id version status toAct winners view } events }
}`

export const LEGAL = `query($id: ID!) { legalActions(matchId: $id) { id label action } }`
