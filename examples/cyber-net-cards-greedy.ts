// A greedy bot for Cyber Net Cards: scores every legal action on its view (one ply, no lookahead) and plays the best,
// against a random bot.
import { Arbiter, type CyberNetCardsAction, type CyberNetCardsView, type Decide } from '../sdk/src/index.ts'

interface Op {
  op: string
  n?: number
  who?: 'self' | 'opp'
}
interface Power {
  cost: number
  effect: Op[]
}
interface CardData extends Partial<Power> {
  turbo?: { x: number; effect: Op[] }
  burn?: { x: number; effect: Op[] }
  ability?: Power
}
type Seen = CyberNetCardsView['players'][number]

const arbiter = new Arbiter() // the server in ARBITER_URL, default http://localhost:3000
const data = new Map((await arbiter.cards('cyber-net-cards')).map(c => [c.id, c.data as CardData]))

/** What an effect is worth to the acting seat: damage most, then ATK and DEF swings, cards, mana; healing when low. */
function worth(ops: Op[], me: Seen): number {
  let v = 0
  for (const { op, n = 0, who = 'self' } of ops) {
    const mine = who === 'self' ? 1 : -1
    if (op === 'damage') v += 3 * n
    else if (op === 'atk') v += 2 * n * mine
    else if (op === 'def') v += 1.5 * n * mine
    else if (op === 'heal') v += me.life < 15 ? 2.5 * n : 0.5 * n
    else if (op === 'draw') v += 1.5 * n
    else if (op === 'mana') v += n * mine
    else v += 2 // negate, rollback, purge, coal: worth having more often than not
  }
  return v
}

function score(view: CyberNetCardsView, action: CyberNetCardsAction): number {
  const me = view.players[view.you ?? 0]!
  const card = (uid: number) => data.get([...(me.hand ?? []), ...(me.field ?? [])].find(c => c.uid === uid)?.card ?? '')
  switch (action.type) {
    case 'activate': {
      const c = card(action.card)
      if (!c) return 0
      const extra =
        (action.turbo && c.turbo ? worth(c.turbo.effect, me) - c.turbo.x : 0) +
        (action.burn && c.burn ? worth(c.burn.effect, me) - c.burn.x : 0)
      return worth(c.effect ?? [], me) - (c.cost ?? 0) + extra
    }
    case 'ability': {
      const a = data.get(me.avatar)?.ability
      return a ? worth(a.effect, me) - a.cost : 0
    }
    case 'place':
      return action.cards.length
    case 'recycle': // give up the weakest card
      return -worth(card(action.card)?.effect ?? [], me)
    case 'pass':
      return 0
    default:
      return 0.5
  }
}

const greedy: Decide<'cyber-net-cards'> = ({ view, legalActions }) =>
  legalActions.reduce((best, a) => (score(view, a.action) > score(view, best.action) ? a : best))
const random: Decide<'cyber-net-cards'> = ({ legalActions }) =>
  legalActions[Math.floor(Math.random() * legalActions.length)]!

const game = await arbiter.game('cyber-net-cards')
const [a, b = a] = game?.sampleDecks ?? []
if (!a || !b) throw new Error(`${arbiter.url} does not host cyber-net-cards`)
const { match, seats } = await arbiter.createMatch({
  game: 'cyber-net-cards',
  seats: [
    { deck: a.deck, name: `Greedy (${a.name})` },
    { deck: b.deck, name: `Random (${b.name})` },
  ],
})
console.log(`match ${match.id}`)
const [end] = await Promise.all([
  arbiter.as({ token: seats[0]!.token }).play(match.id, greedy),
  arbiter.as({ token: seats[1]!.token }).play(match.id, random),
])
const winners = (end.winners ?? []).map(w => end.seats[w]?.name ?? `seat ${w}`)
console.log(`finished after ${end.version} actions: ${winners.length ? `${winners.join(' and ')} won` : 'no winner'}`)
