// Bot seats: the server moves for them on the job queue, so bot-vs-bot finishes by itself and a human can play a bot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: [raceGame, ...productionGames] })
})
afterAll(async () => srv.close())

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id status toAct seats { seat name bot } } seats { seat token } } }`
const MATCH = `query($id: ID!) { match(id: $id) { version status toAct winners log(limit: 500) { seat label } } }`
const LOG_PAGE = `query($id: ID!, $after: Int) { match(id: $id) { log(after: $after, limit: 500) { seq } } }`

/** Every log entry's seq, page by page (a random game can run past one page of 500). */
async function logSeqs(id: string): Promise<number[]> {
  const seqs: number[] = []
  for (;;) {
    const page = (await gql(srv.app, LOG_PAGE, { id, after: seqs.at(-1) ?? 0 })).data.match.log as { seq: number }[]
    seqs.push(...page.map(e => e.seq))
    if (page.length < 500) return seqs
  }
}

const until = <T>(what: string, check: () => T | Promise<T>, ms = 60_000) => waitFor(what, check, ms, 100)

describe('bot seats', () => {
  it('a bot-vs-bot match of every game finishes by itself, and replays to its snapshot', async () => {
    for (const game of ['race-to-20', ...productionGames.map(g => g.id)]) {
      const c = await gql(srv.app, CREATE, {
        input: { game, seats: [{ bot: { kind: 'random' } }, { bot: { kind: 'random' } }] },
      })
      expect(c.errors).toBeUndefined()
      expect(c.data.createMatch.seats).toEqual([])
      expect(c.data.createMatch.match.seats.map((s: { bot: string }) => s.bot)).toEqual(['random', 'random'])
      const id = c.data.createMatch.match.id
      const m = await until(`${game} to finish`, async () => {
        const x = (await gql(srv.app, MATCH, { id })).data.match
        return x.status === 'FINISHED' && x
      })
      expect(await logSeqs(id)).toEqual(Array.from({ length: m.version }, (_, i) => i + 1))
      expect((await srv.app.services.matches.replay(id)).identical).toBe(true)
    }
  })

  it('greedy against ismcts (strength 1) finishes a Cyber Net Cards match, the searches running on the worker thread', async () => {
    const c = await gql(srv.app, CREATE, {
      input: {
        game: 'cyber-net-cards',
        seats: [{ bot: { kind: 'greedy' } }, { bot: { kind: 'ismcts', strength: 1 } }],
      },
    })
    expect(c.errors).toBeUndefined()
    const id = c.data.createMatch.match.id
    const m = await until(
      'the match to finish',
      async () => {
        const x = (await gql(srv.app, MATCH, { id })).data.match
        return x.status === 'FINISHED' && x
      },
      240_000,
    )
    expect(await logSeqs(id)).toEqual(Array.from({ length: m.version }, (_, i) => i + 1))
    expect((await srv.app.services.matches.replay(id)).identical).toBe(true)
  })

  it('a human plays a bot: after each human move the bot answers, never inside the human request', async () => {
    const c = (
      await gql(srv.app, CREATE, {
        input: {
          game: 'race-to-20',
          seats: [
            { deck: RACE_DECK, name: 'Ann' },
            { bot: { kind: 'random' }, deck: RACE_DECK },
          ],
        },
      })
    ).data.createMatch
    const id = c.match.id
    const token = c.seats[0].token
    for (let turn = 0; turn < 50; turn++) {
      const m = await until('the human to be due', async () => {
        const x = (await gql(srv.app, MATCH, { id })).data.match
        return (x.status !== 'ACTIVE' || x.toAct.includes(0)) && x
      })
      if (m.status !== 'ACTIVE') break
      const res = await gql(
        srv.app,
        `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version toAct status } } }`,
        { input: { matchId: id, action: { type: 'roll' } } },
        token,
      )
      expect(res.errors).toBeUndefined()
      const after = res.data.submitAction.match
      // The reply shows the bot still to move: its move comes from the job queue, after this request.
      if (after.status === 'ACTIVE') expect(after.toAct).toEqual([1])
    }
    const end = (await gql(srv.app, MATCH, { id })).data.match
    expect(end.status).toBe('FINISHED')
    expect(end.log.some((e: { seat: number }) => e.seat === 1)).toBe(true)
  })

  it('an unknown bot kind is refused with the kinds the game has', async () => {
    const c = await gql(srv.app, CREATE, {
      input: { game: 'race-to-20', seats: [{ bot: { kind: 'alphazero' } }, { deck: RACE_DECK }] },
    })
    expect(c.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(c.errors?.[0]?.message).toMatch(/random/)
  })
})
