// Player keys through the SDK: createPlayer, me, invitations and joinMatch, onMyTurn over the player stream, resign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Arbiter, type Decide, type Match } from '../../sdk/src/index.ts'
import { waitFor } from '../support/wait-for.ts'
import { startServer, type RunningServer } from './server.ts'

let srv: RunningServer
beforeAll(async () => {
  srv = await startServer()
})
afterAll(async () => srv.close())

async function decks() {
  const game = (await new Arbiter({ url: srv.url }).game('cyber-net-cards'))!
  return [game.sampleDecks[0]!.deck, game.sampleDecks[1]!.deck] as const
}

async function player(name: string) {
  const { player: p, key } = await new Arbiter({ url: srv.url }).createPlayer(name, { bot: true })
  return { id: p.id, client: new Arbiter({ url: srv.url, key }) }
}

const random: Decide = ({ legalActions }) => legalActions[Math.floor(Math.random() * legalActions.length)]!

describe('player keys', () => {
  it('createPlayer returns a key once; me names its player', async () => {
    const ann = await player('Ann')
    expect(await ann.client.me()).toEqual({
      id: ann.id,
      name: 'Ann',
      bot: true,
      webhookUrl: null,
      awayUntil: null,
      vacationDaysLeft: 21,
    })
    expect(await new Arbiter({ url: srv.url }).me()).toBeNull()
  })

  it('onMyTurn plays every turn of two players who met by invitation, until the match ends', async () => {
    const [deckA, deckB] = await decks()
    const ann = await player('Ann')
    const bob = await player('Bob')
    const created = await ann.client.createMatch({
      game: 'cyber-net-cards',
      seats: [{ player: ann.id, deck: deckA }, { open: true }],
    })
    expect(created.match.status).toBe('WAITING')
    expect(created.invites).toHaveLength(1)

    const stop = new AbortController()
    const finished: Match[] = []
    let listening = 0
    const onConnect = () => void listening++
    const done = new Promise<void>((resolve, reject) => {
      const onFinished = (m: Match) => {
        finished.push(m)
        if (m.id === created.match.id) resolve()
      }
      // A failed turn fails the test at once, with its error, instead of leaving the match unplayed until the timeout.
      const onError = (e: unknown, matchId: string) => reject(new Error(`match ${matchId}`, { cause: e }))
      void ann.client.onMyTurn(random, { signal: stop.signal, onFinished, onError, onConnect })
      void bob.client.onMyTurn(random, { signal: stop.signal, onFinished, onError, onConnect })
    })
    // Bob joins after both bots listen: every turn from here on is announced on the player stream.
    await waitFor('both player streams open', () => listening === 2)
    const joined = await bob.client.joinMatch({
      matchId: created.match.id,
      inviteCode: created.invites[0]!.code,
      deck: deckB,
    })
    expect(joined.seat.seat).toBe(1)
    await done
    stop.abort()

    const final = (await ann.client.match(created.match.id))!
    expect(final.status).toBe('FINISHED')
    expect(final.seats.map(s => s.player?.name)).toEqual(['Ann', 'Bob'])
    expect(finished[0]!.version).toBe(final.version)
    expect((await ann.client.verifyMatch(created.match.id)).ok).toBe(true)
  }, 150_000)

  it('onMyTurn plays a Dice Throne match to its end, where a seat is asked again within its turn without a second yourTurn', async () => {
    const ann = await player('Ann')
    const bob = await player('Bob')
    const stop = new AbortController()
    let created: { match: Match } | undefined
    const done = new Promise<Match>((resolve, reject) => {
      const onFinished = (m: Match) => {
        if (m.id === created?.match.id) resolve(m)
      }
      // A failed turn fails the test at once, with its error, instead of leaving the match unplayed until the timeout.
      const onError = (e: unknown, matchId: string) => reject(new Error(`match ${matchId}`, { cause: e }))
      void ann.client.onMyTurn(random, { signal: stop.signal, onFinished, onError, onConnect: () => void started() })
      void bob.client.onMyTurn(random, { signal: stop.signal, onFinished, onError, onConnect: () => void started() })
    })
    // The match is created once both bots listen (each stream's first connection).
    let connected = 0
    const started = async () => {
      if (++connected !== 2) return
      created = await ann.client.createMatch({
        game: 'dice-throne-marvel',
        seats: [
          { player: ann.id, deck: { hero: 'thor' } },
          { player: bob.id, deck: { hero: 'loki' } },
        ],
      })
      await bob.client.joinMatch({ matchId: created.match.id, deck: { hero: 'loki' } })
    }
    const end = await done
    stop.abort()
    expect(end.status).toBe('FINISHED')
  }, 150_000)

  it('onMyTurn also catches up on a turn that was waiting before it connected', async () => {
    const [deckA, deckB] = await decks()
    const ann = await player('Ann')
    const bob = await player('Bob')
    const created = await ann.client.createMatch({
      game: 'cyber-net-cards',
      seats: [
        { player: ann.id, deck: deckA },
        { player: bob.id, deck: deckB },
      ],
    })
    // Bob's seat is an invitation (Ann's key cannot fill it): he accepts it with the proposed deck.
    expect(created.match.status).toBe('WAITING')
    const started = (await bob.client.joinMatch({ matchId: created.match.id })).match
    expect(started.status).toBe('ACTIVE')
    expect(
      (await ann.client.myMatches({ toAct: true }))
        .map(m => m.id)
        .concat((await bob.client.myMatches({ toAct: true })).map(m => m.id)),
    ).toContain(created.match.id)

    const stop = new AbortController()
    let resolve!: () => void
    const done = new Promise<void>(r => (resolve = r))
    for (const p of [ann, bob]) void p.client.onMyTurn(random, { signal: stop.signal, onFinished: () => resolve() })
    await done
    stop.abort()
    expect((await ann.client.match(created.match.id))!.status).toBe('FINISHED')
  }, 150_000)

  it("the README's five-minute path: a player key against the built-in random bot, played by onMyTurn", async () => {
    const { player: me, key } = await new Arbiter({ url: srv.url }).createPlayer('my-bot', { bot: true })
    const bot = new Arbiter({ url: srv.url, key })
    const { match } = await bot.createMatch({
      game: 'dice-throne-marvel',
      seats: [
        { player: me.id, deck: { hero: 'thor' } },
        { bot: { kind: 'random' }, deck: { hero: 'loki' } },
      ],
    })
    const stop = new AbortController()
    const end = await new Promise<Match>(
      resolve =>
        void bot.onMyTurn(({ legalActions }) => legalActions[0]!, { signal: stop.signal, onFinished: resolve }),
    )
    stop.abort()
    expect(end).toMatchObject({ id: match.id, status: 'FINISHED' })
    expect(end.seats.map(s => s.bot)).toEqual([null, 'random'])
  }, 150_000)

  it('resign ends the match for the other seat', async () => {
    const ann = await player('Ann')
    const bob = await player('Bob')
    const created = await ann.client.createMatch({
      game: 'dice-throne-marvel',
      seats: [{ player: ann.id, deck: { hero: 'thor' } }, { open: true }],
    })
    await bob.client.joinMatch({
      matchId: created.match.id,
      inviteCode: created.invites[0]!.code,
      deck: { hero: 'loki' },
    })
    const resigned = await bob.client.resign(created.match.id)
    expect(resigned).toMatchObject({ status: 'FINISHED', winners: [0] })
    expect(resigned.endReason).toMatch(/resign/i)
  })
})
