import { Arbiter, type Decide, type Match } from '../../sdk/src/index.ts'
import { startServer } from './server.ts'
const srv = await startServer()
const t0 = Date.now()
const log = (...a: unknown[]) => console.log(Date.now() - t0, ...a)
const base = new Arbiter({ url: srv.url })
const game = (await base.game('cyber-net-cards'))!
const mk = async (name: string) => { const r = await base.createPlayer(name); return { id: r.player.id, client: new Arbiter({ url: srv.url, key: r.key }) } }
const ann = await mk('Ann'), bob = await mk('Bob')
const created = await ann.client.createMatch({ game: 'cyber-net-cards', seats: [{ player: ann.id, deck: game.sampleDecks[0]!.deck }, { open: true }] })
const stop = new AbortController()
const random: Decide = ({ legalActions }) => legalActions[0]!
const done = new Promise<void>((resolve) => {
  const onFinished = (m: Match) => { log('finished', m.version); if (m.id === created.match.id) resolve() }
  void ann.client.onMyTurn(random, { signal: stop.signal, onFinished }).then(() => log('ann loop over'))
  void bob.client.onMyTurn(random, { signal: stop.signal, onFinished }).then(() => log('bob loop over'))
})
await new Promise((r) => setTimeout(r, 300))
await bob.client.joinMatch({ matchId: created.match.id, inviteCode: created.invites[0]!.code, deck: game.sampleDecks[1]!.deck })
await done
stop.abort()
log('closing')
setTimeout(() => { log('still closing'); console.log((process as any)._getActiveHandles().map((h: any) => h.constructor.name)) }, 5000).unref()
await srv.close()
log('closed')
