// play(): follows the match stream and asks `decide` exactly when the caller's seat must act, to the end of the match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Arbiter, type DecideContext, type Match } from '../../sdk/src/index.ts'
import { startServer, type RunningServer } from './server.ts'

let srv: RunningServer
beforeAll(async () => {
  srv = await startServer()
})
afterAll(async () => srv.close())

async function cyberNetMatch(client: Arbiter) {
  const game = (await client.game('cyber-net-cards'))!
  const [a, b] = game.sampleDecks
  return client.createMatch({
    game: 'cyber-net-cards',
    seats: [
      { deck: a!.deck, name: 'Ann' },
      { deck: b!.deck, name: 'Bob' },
    ],
    seed: 'play',
  })
}

describe('play', () => {
  it('asks each seat only on its own decisions, with its legal actions, and both seats see the same finished match', async () => {
    const client = new Arbiter({ url: srv.url })
    const { match, seats } = await cyberNetMatch(client)
    const asked: { seat: number; version: number; toAct: number[]; choices: number }[] = []
    let submits = 0
    let applied = 0
    const counting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init)
      if (String(init?.body).includes('submitAction(')) {
        submits++
        if (!((await res.clone().json()) as { errors?: unknown }).errors) applied++
      }
      return res
    }
    const ends = await Promise.all(
      seats.map(s =>
        new Arbiter({ url: srv.url, token: s.token, fetch: counting }).play<'cyber-net-cards'>(
          match.id,
          ({ match: m, legalActions }: DecideContext<'cyber-net-cards'>) => {
            asked.push({ seat: s.seat, version: m.version, toAct: m.toAct, choices: legalActions.length })
            // One seat answers with the whole legal action, the other with its id.
            const pick = legalActions[m.version % legalActions.length]!
            return s.seat === 0 ? pick : pick.id
          },
        ),
      ),
    )
    const [end0, end1] = ends as [Match, Match]
    expect(end0.status).toBe('FINISHED')
    expect(end1.version).toBe(end0.version)
    expect(end0.winners).toEqual(end1.winners)
    for (const a of asked) {
      expect(a.toAct).toContain(a.seat)
      expect(a.choices).toBeGreaterThan(0)
    }
    // Each decision was sent once, and every action of the match is one of them: none lost, none applied
    // twice (a simultaneous choice the other seat's action made moot is refused and decided again).
    expect(submits).toBe(asked.length)
    expect(applied).toBe(end0.version)
    expect(new Set(asked.map(a => `${a.seat}@${a.version}`)).size).toBe(asked.length)
  })

  it('sends one request per decision while its seat keeps acting: the submit result carries the next choices', async () => {
    const client = new Arbiter({ url: srv.url })
    const game = (await client.game('dice-throne-marvel'))!
    const { match, seats } = await client.createMatch({
      game: 'dice-throne-marvel',
      seats: game.sampleDecks.slice(0, 2).map(d => ({ deck: d.deck })),
      seed: 'one-request',
    })
    const logs = await Promise.all(
      seats.map(async s => {
        const calls: { submit: boolean; stillToAct: boolean }[] = []
        const counting: typeof fetch = async (input, init) => {
          const res = await fetch(input, init)
          if (String(input).endsWith('/graphql')) {
            const submit = String(init?.body).includes('submitAction(')
            const m = submit ? ((await res.clone().json()) as any).data?.submitAction?.match : null
            calls.push({ submit, stillToAct: !!m && m.status === 'ACTIVE' && m.toAct.includes(s.seat) })
          }
          return res
        }
        await new Arbiter({ url: srv.url, token: s.token, fetch: counting }).play(match.id, ({ legalActions }) =>
          legalActions.at(-1)!,
        )
        return calls
      }),
    )
    let chained = 0
    for (const calls of logs) {
      calls.forEach((c, i) => {
        if (!c.stillToAct || i + 1 >= calls.length) return
        chained++
        expect(calls[i + 1]!.submit).toBe(true)
      })
    }
    expect(chained).toBeGreaterThan(10)
  }, 180_000)

  it('refuses to play without a seat', async () => {
    const client = new Arbiter({ url: srv.url })
    const { match } = await cyberNetMatch(client)
    await expect(client.play(match.id, ({ legalActions }) => legalActions[0]!)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    })
  })
})
