// Concurrent submits on one match: racing actions apply once (VERSION_CONFLICT for the rest), seq stays contiguous,
// and an idempotencyKey applies once however often it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backendName } from '../support/db.ts'
import { CREATE_MATCH, gql, LEGAL, RACE_DECK, SUBMIT, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer()
})
afterAll(async () => srv.close())

async function newMatch(seed: string) {
  const c = await gql(srv.app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed },
  })
  return {
    matchId: c.data.createMatch.match.id as string,
    tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token) as string[],
  }
}

async function seqs(matchId: string): Promise<number[]> {
  const rows = await srv.db.prisma.action.findMany({
    where: { matchId },
    orderBy: { seq: 'asc' },
    select: { seq: true },
  })
  return rows.map(r => r.seq)
}

describe(`concurrent submits on ${backendName}`, () => {
  it('20 racing submitAction calls on one decision: exactly one applies, the rest get VERSION_CONFLICT or NOT_YOUR_DECISION', async () => {
    const { matchId, tokens } = await newMatch('race-20')
    const legal = (await gql(srv.app, LEGAL, { id: matchId }, tokens[0])).data.legalActions
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gql(
          srv.app,
          SUBMIT,
          { input: { matchId, actionId: legal[i % legal.length].id, expectedVersion: i % 2 ? 0 : null } },
          tokens[0],
        ),
      ),
    )
    const ok = results.filter(r => !r.errors)
    const codes = results.filter(r => r.errors).map(r => r.errors![0]!.extensions.code)
    expect(ok).toHaveLength(1)
    expect(new Set(codes)).toSatisfy((s: Set<string>) =>
      [...s].every(c => c === 'VERSION_CONFLICT' || c === 'NOT_YOUR_DECISION'),
    )
    expect(await seqs(matchId)).toEqual([1])
    const m = await srv.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })
    expect(m.version).toBe(1)
  })

  it('seq values stay contiguous when both seats hammer a match without expectedVersion', async () => {
    const { matchId, tokens } = await newMatch('hammer')
    // Every request is a roll for whichever seat; the loser of each race is retried internally or told
    // NOT_YOUR_DECISION, and no two actions ever share a seq.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[i % 2]),
      ),
    )
    const s = await seqs(matchId)
    expect(s.length).toBeGreaterThan(0)
    expect(s).toEqual(Array.from({ length: s.length }, (_, i) => i + 1))
    const m = await srv.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })
    expect(m.version).toBe(s.length)
  })

  it('repeating a request with the same idempotencyKey returns the first result and applies nothing new', async () => {
    const { matchId, tokens } = await newMatch('idem')
    const input = { matchId, action: { type: 'roll' }, idempotencyKey: 'turn-1-roll' }
    const first = await gql(srv.app, SUBMIT, { input }, tokens[0])
    expect(first.errors).toBeUndefined()
    const again = await Promise.all([1, 2, 3].map(() => gql(srv.app, SUBMIT, { input }, tokens[0])))
    for (const r of again) {
      expect(r.errors).toBeUndefined()
      expect(r.data.submitAction.events).toEqual(first.data.submitAction.events)
      expect(r.data.submitAction.match.version).toBe(1)
    }
    expect(await seqs(matchId)).toEqual([1])
  })

  it('racing first attempts with one idempotencyKey apply once', async () => {
    const { matchId, tokens } = await newMatch('idem-race')
    const input = { matchId, action: { type: 'roll' }, idempotencyKey: 'same' }
    const results = await Promise.all(Array.from({ length: 10 }, () => gql(srv.app, SUBMIT, { input }, tokens[0])))
    expect(results.every(r => !r.errors)).toBe(true)
    for (const r of results) expect(r.data.submitAction.events).toEqual(results[0]!.data.submitAction.events)
    expect(await seqs(matchId)).toEqual([1])
  })
})
