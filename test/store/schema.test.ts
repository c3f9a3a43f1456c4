// The migrated schema serves the Prisma client: every model round-trips, with cascades and unique constraints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'

// The hand-written migration must match prisma/schema.prisma: the generated client writes and reads
// every model and column through it (a missing or mistyped column fails here on either backend).
let db: Database
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => db.close())

describe(`the migrated schema serves the Prisma client (${backendName})`, () => {
  it('round-trips every model, with cascades and the unique constraints the service relies on', async () => {
    const { prisma } = db
    const deck = await prisma.deck.create({ data: { game: 'g', name: 'd', list: { a: [1] }, legal: true } })
    const match = await prisma.match.create({
      data: {
        game: 'g',
        options: { mode: 'x' },
        seed: 's',
        state: { n: 1 },
        winners: [1, 0],
        status: 'FINISHED',
        seats: { create: [{ index: 0, name: 'A', tokenHash: `h-${deck.id}`, deck: { a: 1 }, deckId: deck.id }] },
        actions: { create: [{ seq: 1, seat: 0, action: { type: 'x' }, events: [{ type: 'e' }] }] },
        idempotencyKeys: { create: [{ seat: 0, key: 'k', seq: 1 }] },
      },
      include: { seats: true, actions: true, idempotencyKeys: true },
    })
    expect(match).toMatchObject({
      version: 0,
      status: 'FINISHED',
      winners: [1, 0],
      seats: [{ index: 0, deckId: deck.id }],
      actions: [{ seq: 1 }],
      idempotencyKeys: [{ key: 'k' }],
    })
    expect(match.updatedAt).toBeInstanceOf(Date)
    await expect(
      prisma.action.create({ data: { matchId: match.id, seq: 1, seat: 0, action: {}, events: [] } }),
    ).rejects.toMatchObject({ code: 'P2002' })
    await expect(
      prisma.seat.create({ data: { matchId: match.id, index: 1, tokenHash: `h-${deck.id}`, deck: {} } }),
    ).rejects.toMatchObject({ code: 'P2002' })
    await prisma.deck.delete({ where: { id: deck.id } })
    expect((await prisma.seat.findFirstOrThrow({ where: { matchId: match.id } })).deckId).toBeNull()
    await prisma.match.delete({ where: { id: match.id } })
    expect(await prisma.action.count({ where: { matchId: match.id } })).toBe(0)
    expect(await prisma.idempotencyKey.count({ where: { matchId: match.id } })).toBe(0)
  })
})
