// Ruleset versions: published per game, validation against a named version, and matches played and replayed under the
// version they were created under.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { productionGames } from '../../src/games/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import { RulesBook } from '../../src/service/index.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

// The race game after a rules change: version 2.0.0 lists no action at all, so a match played by it could not move.
const changedRace = { ...raceGame, legalActions: () => [] }
const AFTER_CHANGE = new RulesBook({ 'race-to-20': [{ version: '2.0.0' }, { version: '1.0.0', engine: raceGame }] })
const VERSION_GONE = new RulesBook({ 'race-to-20': [{ version: '2.0.0' }] })

let db: Database
const servers: ArbiterServer[] = []
let before: ArbiterServer
let after: ArbiterServer
let gone: ArbiterServer
let real: ArbiterServer

beforeAll(async () => {
  db = await openTestDatabase()
  before = await buildServer({ db, registry: new GameRegistry([raceGame]), jobs: false })
  after = await buildServer({ db, registry: new GameRegistry([changedRace]), jobs: false, rules: AFTER_CHANGE })
  gone = await buildServer({ db, registry: new GameRegistry([changedRace]), jobs: false, rules: VERSION_GONE })
  real = await buildServer({ db, registry: new GameRegistry(productionGames), jobs: false })
  servers.push(before, after, gone, real)
})
afterAll(async () => {
  for (const s of servers) await s.close()
  await db.close()
})

const MATCH = `query($id: ID!) { match(id: $id) { rulesVersion version } }`

describe(`ruleset versions (${backendName})`, () => {
  it('each game publishes its current rulesVersion and every version it still has, newest first', async () => {
    const r = await gql(real, `{ games { id rulesVersion rulesVersions } }`)
    for (const g of r.data.games) {
      expect(g.rulesVersion).toMatch(/^\d+\.\d+\.\d+$/)
      expect(g.rulesVersions[0]).toBe(g.rulesVersion)
    }
    const changed = await gql(after, `{ game(id: "race-to-20") { rulesVersion rulesVersions } }`)
    expect(changed.data.game).toEqual({ rulesVersion: '2.0.0', rulesVersions: ['2.0.0', '1.0.0'] })
  })

  it('validateDeck checks against the current version unless one is named; an unknown one is RULES_VERSION_UNKNOWN (404)', async () => {
    const deck = { hero: 'thor' }
    const q = `query($deck: JSON!, $v: String) { validateDeck(game: "dice-throne-marvel", deck: $deck, rulesVersion: $v) { legal rulesVersion } }`
    expect((await gql(real, q, { deck })).data.validateDeck).toEqual({ legal: true, rulesVersion: '1.0.0' })
    expect((await gql(real, q, { deck, v: '1.0.0' })).data.validateDeck).toEqual({ legal: true, rulesVersion: '1.0.0' })
    const unknown = await gql(real, q, { deck, v: '0.1.0' })
    expect(unknown.errors?.[0]?.extensions.code).toBe('RULES_VERSION_UNKNOWN')
    const rest = await real.inject({
      method: 'POST',
      url: '/api/games/dice-throne-marvel/validate-deck',
      payload: { deck, rulesVersion: '0.1.0' },
    })
    expect(rest.statusCode).toBe(404)
    expect(rest.json().code).toBe('RULES_VERSION_UNKNOWN')
    const ok = await real.inject({
      method: 'POST',
      url: '/api/games/dice-throne-marvel/validate-deck',
      payload: { deck, rulesVersion: '1.0.0' },
    })
    expect(ok.json()).toMatchObject({ legal: true, rulesVersion: '1.0.0' })
  })

  it('a match records its version, is played on under it after a rules change, and a new match gets the new version', async () => {
    const c = await gql(before, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'versions' },
    })
    const id = c.data.createMatch.match.id
    const [t0, t1] = c.data.createMatch.seats.map((s: { token: string }) => s.token)
    expect((await gql(before, MATCH, { id }, t0)).data.match.rulesVersion).toBe('1.0.0')
    expect((await gql(before, SUBMIT, { input: { matchId: id, action: { type: 'roll' } } }, t0)).errors).toBeUndefined()
    // After the change, the stored match is still played by the 1.0.0 engine (2.0.0's lists no action).
    const moved = await gql(after, SUBMIT, { input: { matchId: id, action: { type: 'roll' }, expectedVersion: 1 } }, t1)
    expect(moved.errors).toBeUndefined()
    expect((await gql(after, MATCH, { id }, t1)).data.match).toEqual({ rulesVersion: '1.0.0', version: 2 })
    const fresh = await gql(after, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
    })
    const freshId = fresh.data.createMatch.match.id
    expect(
      (await gql(after, MATCH, { id: freshId }, fresh.data.createMatch.seats[0].token)).data.match.rulesVersion,
    ).toBe('2.0.0')
  })

  it('a match is replayed (verifyMatch, export) under its version, or refused with RULES_VERSION_UNAVAILABLE (410) where the server no longer has it', async () => {
    const c = await gql(before, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'replayed' },
    })
    const id = c.data.createMatch.match.id
    const t0 = c.data.createMatch.seats[0].token
    await gql(before, SUBMIT, { input: { matchId: id, action: { type: 'roll' } } }, t0)
    expect(
      (await gql(before, `mutation($id: ID!) { abort(matchId: $id) { status } }`, { id }, t0)).data.abort.status,
    ).toBe('ABORTED')
    const VERIFY = `query($id: ID!) { verifyMatch(id: $id) { ok replayedVersion } }`
    expect((await gql(after, VERIFY, { id })).data.verifyMatch).toEqual({ ok: true, replayedVersion: 2 })
    const refused = await gql(gone, VERIFY, { id })
    expect(refused.errors?.[0]?.extensions.code).toBe('RULES_VERSION_UNAVAILABLE')
    const exported = await gone.inject({ method: 'GET', url: `/api/matches/${id}/export` })
    expect(exported.statusCode).toBe(410)
    expect(exported.json().code).toBe('RULES_VERSION_UNAVAILABLE')
    const kept = await after.inject({ method: 'GET', url: `/api/matches/${id}/export` })
    expect(kept.json().rulesVersion).toBe('1.0.0')
  })
})
