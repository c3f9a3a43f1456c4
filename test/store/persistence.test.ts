// Persistence across a restart: decks, matches, seats and the action log survive closing and reopening the database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { backendName } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, startTestServer, SUBMIT } from '../support/server.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-persist-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe(`persistence across a restart (${backendName})`, () => {
  it('decks, matches, seats and the action log survive closing and reopening the database', async () => {
    const first = await startTestServer({ dataDir: dir })
    const deck = await gql(
      first.app,
      `mutation($d: JSON!) { saveDeck(game: "race-to-20", name: "Kept", deck: $d) { id } }`,
      { d: RACE_DECK },
    )
    const deckId = deck.data.saveDeck.id
    const c = await gql(first.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deckId }, { deck: RACE_DECK }], seed: 'persist' },
    })
    const matchId = c.data.createMatch.match.id
    const token = c.data.createMatch.seats[0].token
    await gql(first.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, token)
    const before = (
      await gql(
        first.app,
        `query($id: ID!) { match(id: $id) { version view log { seq action } } }`,
        { id: matchId },
        token,
      )
    ).data.match
    await first.close()

    const second = await startTestServer({ dataDir: dir })
    try {
      const after = (
        await gql(
          second.app,
          `query($id: ID!) { match(id: $id) { version view log { seq action } } }`,
          { id: matchId },
          token,
        )
      ).data.match
      expect(after).toEqual(before)
      expect(after.version).toBe(1)
      const kept = await gql(second.app, `query($id: ID!) { deck(id: $id) { name legal deck } }`, { id: deckId })
      expect(kept.data.deck).toEqual({ name: 'Kept', legal: true, deck: RACE_DECK })
      // The seat token still works after the restart, and the match goes on.
      const next = await gql(second.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, token)
      expect(next.errors?.[0]?.extensions.code).toBe('NOT_YOUR_DECISION')
      // Reopening applies no migration twice.
      const migrations = await second.db.sql.query<{ n: number; d: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT migration_name)::int AS d FROM "_prisma_migrations"`,
      )
      expect(migrations[0]!.n).toBe(migrations[0]!.d)
    } finally {
      await second.close()
    }
  })
})
