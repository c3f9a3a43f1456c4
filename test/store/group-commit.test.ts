// Group commits: concurrent actions of different matches share one statement, and each still gets its own outcome.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MatchStore, newSnapshot, type Commit, type NewMatch, type Snapshot } from '../../src/service/match-store.ts'
import type { Notice } from '../../src/service/deliveries.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'

let db: Database
let store: MatchStore
const statements: string[] = []

beforeAll(async () => {
  db = await openTestDatabase()
  const query = db.sql.query.bind(db.sql)
  // Counts the commit statements by name, to tell one statement for a batch from one per action.
  db.sql.query = ((text: string, params?: unknown[], name?: string) => {
    if (name?.startsWith('arbiter-commit')) statements.push(name)
    return query(text, params, name)
  }) as typeof db.sql.query
  store = new MatchStore(db)
})
afterAll(() => db.close())

async function newMatch(): Promise<Snapshot> {
  const m: NewMatch = {
    id: randomUUID(),
    game: 'race-to-20',
    rulesVersion: '1.0.0',
    options: {},
    seed: 'group-commit',
    seedCommitment: '',
    seedSource: 'SERVER',
    tournament: null,
    twin: null,
    public: false,
    rated: false,
    clock: null,
    state: { n: 0 },
    status: 'ACTIVE',
    winners: null,
    deadline: null,
    turns: null,
    createdAt: new Date(),
    seats: [0, 1].map(index => ({
      index,
      name: null,
      tokenHash: null,
      playerId: null,
      open: false,
      bot: null,
      deck: [],
      deckId: null,
      inviteHash: null,
      entropy: null,
    })),
  }
  expect(await store.create(m, [])).toEqual([])
  return newSnapshot(m)
}

function commitOf(snap: Snapshot, n: number, extra: Partial<Commit> = {}): Commit {
  return {
    matchId: snap.id,
    fromVersion: snap.version,
    state: { n },
    status: 'ACTIVE',
    winners: null,
    deadline: null,
    turns: null,
    remindAt: null,
    endReason: null,
    seat: 0,
    kind: 'move',
    action: { type: 'roll' },
    events: [{ rolled: n }],
    label: `rolled ${n}`,
    publicLabel: `rolled ${n}`,
    idempotency: null,
    notices: [],
    ...extra,
  }
}

async function logOf(matchId: string) {
  return db.sql.query<{ seq: number; label: string; events: unknown }>(
    `SELECT seq, label, events FROM "Action" WHERE "matchId" = $1 ORDER BY seq`,
    [matchId],
  )
}

describe(`group commit (${backendName})`, () => {
  it('actions of eight matches committed in the same turn are written by one statement, each with its log row, version and state', async () => {
    const snaps = await Promise.all(Array.from({ length: 8 }, newMatch))
    statements.length = 0
    const results = await Promise.all(snaps.map((s, i) => store.commit(commitOf(s, i + 1), s)))
    expect(statements).toEqual(['arbiter-commit-actions'])
    expect(results).toEqual(snaps.map(() => ({ ok: true, version: 1, deliveries: [] })))
    for (const [i, s] of snaps.entries()) {
      expect(await logOf(s.id)).toEqual([{ seq: 1, label: `rolled ${i + 1}`, events: [{ rolled: i + 1 }] }])
      const row = await db.sql.query<{ state: unknown; version: number }>(
        `SELECT state, version FROM "Match" WHERE id = $1`,
        [s.id],
      )
      expect(row).toEqual([{ state: { n: i + 1 }, version: 1 }])
    }
  })

  it('two actions on the same version of one match in one batch: exactly one is written, the other is a VERSION_CONFLICT', async () => {
    const s = await newMatch()
    const other = await newMatch()
    statements.length = 0
    const results = await Promise.all([
      store.commit(commitOf(s, 1), s),
      store.commit(commitOf(s, 2), s),
      store.commit(commitOf(other, 3), other),
    ])
    expect(statements).toEqual(['arbiter-commit-actions'])
    expect(results.filter(r => r.ok)).toHaveLength(2)
    expect(results[2]).toEqual({ ok: true, version: 1, deliveries: [] })
    const conflicts = results.slice(0, 2).filter(r => !r.ok)
    expect(conflicts).toEqual([{ ok: false, reason: 'VERSION_CONFLICT' }])
    const log = await logOf(s.id)
    expect(log).toHaveLength(1)
    const winner = results[0]!.ok ? 1 : 2
    expect(log[0]).toEqual({ seq: 1, label: `rolled ${winner}`, events: [{ rolled: winner }] })
  })

  it('a refused value or a reused idempotency key fails only its own action: the batch falls back to one statement each', async () => {
    const [a, b, c] = await Promise.all([newMatch(), newMatch(), newMatch()])
    const key = { key: 'k1', requestHash: 'h', result: { done: true } }
    expect(await store.commit(commitOf(c, 1, { idempotency: key }), c)).toMatchObject({ ok: true, version: 1 })
    const c1 = { ...c, version: 1 }
    statements.length = 0
    const results = await Promise.allSettled([
      store.commit(commitOf(a, 1), a),
      // A NUL byte: PostgreSQL refuses it in text (SQLSTATE class 22), which the API answers as a 400.
      store.commit(commitOf(b, 1, { label: 'bad\u0000label' }), b),
      store.commit(commitOf(c1, 2, { idempotency: key }), c1),
    ])
    expect(statements[0]).toBe('arbiter-commit-actions')
    expect(statements.slice(1).sort()).toEqual([
      'arbiter-commit-action',
      'arbiter-commit-action',
      'arbiter-commit-action',
    ])
    expect(results[0]).toEqual({ status: 'fulfilled', value: { ok: true, version: 1, deliveries: [] } })
    expect(results[1]!.status).toBe('rejected')
    expect((results[1] as PromiseRejectedResult).reason.code).toMatch(/^22/)
    expect(results[2]).toEqual({ status: 'fulfilled', value: { ok: false, reason: 'DUPLICATE_KEY' } })
    expect(await logOf(a.id)).toHaveLength(1)
    expect(await logOf(b.id)).toHaveLength(0)
    expect(await logOf(c.id)).toHaveLength(1)
  })

  it("each action's webhook rows are written with it and returned to it alone", async () => {
    const player = randomUUID()
    await db.sql.query(
      `INSERT INTO "Player" (id, name, "keyHash", "webhookUrl") VALUES ($1, 'hooked', $2, 'http://127.0.0.1:9/hook')`,
      [player, randomUUID()],
    )
    const snaps = await Promise.all([newMatch(), newMatch(), newMatch()])
    const notice = (matchId: string, n: number): Notice[] =>
      Array.from({ length: n }, () => ({
        playerId: player,
        event: { type: 'yourTurn', matchId, at: new Date().toISOString() },
        body: `{"matchId":"${matchId}"}`,
      }))
    statements.length = 0
    const results = await Promise.all(
      snaps.map((s, i) => store.commit(commitOf(s, 1, { notices: notice(s.id, i) }), s)),
    )
    expect(statements).toEqual(['arbiter-commit-actions'])
    for (const [i, s] of snaps.entries()) {
      const r = results[i]!
      expect(r.ok && r.deliveries).toHaveLength(i)
      const rows = await db.sql.query<{ id: string; body: string }>(
        `SELECT id, body FROM "WebhookDelivery" WHERE "matchId" = $1`,
        [s.id],
      )
      expect(rows.map(x => x.id).sort()).toEqual(r.ok ? [...r.deliveries].sort() : [])
      // The body as given, after the seq of its player event (player-events.ts numbers every event).
      for (const x of rows) expect(x.body).toMatch(new RegExp(`^\\{"seq":\\d+,"pending":false,"matchId":"${s.id}"\\}$`))
    }
  })
})
