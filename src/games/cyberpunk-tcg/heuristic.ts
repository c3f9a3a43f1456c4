// A one-ply evaluation for the greedy bot: how good a Cyberpunk TCG position looks to one seat, from its own view only.
import type { View } from './schemas.ts'
import type { State } from './state.ts'
import { CARDS } from './cards.ts'
import { view } from './view.ts'

type PlayerView = View['players'][number]

/**
 * The weights, in "Gigs": a Gig is the unit because Gigs win the game (7 at the start of your turn, CP-8.12; at any
 * moment in Overtime, CR 1.11). Set by hand, then checked by playing greedy against uniform random: 40 of 40 games
 * won on the sample decks, 59 of 60 on random decks of implemented cards.
 */
const W = {
  /** a Gig; the curve below makes each further Gig worth more, since the 7th ends the game */
  gig: 1,
  /** a Unit on the field: it is what steals Gigs (CP-9.1) and what fights off rival attackers */
  unit: 0.35,
  /** each point of a Unit's power: fights compare it (CP-9.35) and it sets how many Gigs a steal takes (CP-9.43) */
  power: 0.08,
  /** a ready Unit, as it can still attack this turn or stand as a blocker; a spent one is a target (CP-9.9) */
  ready: 0.1,
  /** a Gear in play: it adds power or an ability to its host */
  gear: 0.25,
  /** a face-up Legend (Called or on the field): its abilities and its €$ are usable */
  legend: 0.4,
  /** an Eddie: every €$ a card costs comes from here next turn too, so the economy lasts */
  eddie: 0.3,
  /** a card in hand: an option for later, worth less than the same card put to work */
  hand: 0.22,
  /** Street Cred (sum of Gig values, CR 11.2): several cards compare it */
  cred: 0.02,
  /** an attack under way against the Gig area: about one Gig stolen unless blocked (CP-9.40) */
  attacking: 0.7,
  /** a deck about to run out: drawing from an empty deck loses (CP-8.17) */
  shortDeck: 1.5,
}

/** The seven-Gig race: 1 Gig ≈ 1, the 6th and 7th worth nearly twice as much. */
const gigCurve = (n: number) => n * (1 + n / 7)

function side(p: PlayerView): number {
  let v = W.gig * gigCurve(p.gigs.length) + W.cred * (p.streetCred ?? 0)
  for (const u of p.field) {
    v += W.unit + W.power * Math.max(0, u.power) + (u.spent ? 0 : W.ready) + W.gear * u.gear.length
    if (CARDS.get(u.card)?.type === 'Legend') v += W.legend
  }
  for (const l of p.legends) if (l?.faceUp) v += W.legend + W.gear * l.gear.length
  v += W.eddie * p.eddies.total + W.hand * p.handCount
  if (p.deckCount < 3) v -= W.shortDeck * (3 - p.deckCount)
  return v
}

/**
 * How good `state` looks to `seat`, in [0, 1]: 1 won, 0 lost, otherwise a logistic of its advantage over the rival in
 * the terms above. Reads only `view(state, seat)`, so it knows the rival's hand size but never its cards.
 */
export function evaluate(state: State, seat: number): number {
  const v = view(state, seat)
  if (v.phase === 'over') return v.winners?.includes(seat) ? 1 : 0
  const me = v.players[seat]!
  const them = v.players[1 - seat]!
  let x = side(me) - side(them)
  const a = v.attack
  if (a && a.target === 'gigs' && (a.step === 'trig' || a.step === 'react' || a.step === 'steal'))
    x += (a.seat === seat ? 1 : -1) * W.attacking
  // scale 3: a lead of 3 Gigs' worth reads as 0.73; kept off 0 and 1, which mean a finished game
  const p = 1 / (1 + Math.exp(-x / 3))
  return Math.min(0.999, Math.max(0.001, p))
}
