import type { Action } from './actions.ts'
import type { State } from './state.ts'
import { attackTargets } from './decisions.ts'
import { findUnit } from './core.ts'
import { rollOptions } from './turn.ts'
import { cardIn } from './homebrew.ts'

function isQuick(s: State, src: number, ab: number): boolean {
  const id = s.cards[src]
  const a = id === undefined ? undefined : cardIn(s, id)?.abilities[ab]
  return a?.kind === 'activated' && a.quick
}

/** The catalogue rule an illegal action breaks (best match), with a message. */
export function ruleFor(s: State, seat: number, a: Action): [string, string] {
  const p = s.players[seat]!
  // not a rule of the game: a seat's own timing setting (issue 10), offered where it cannot hold a game up
  if (a.type === 'setAutoPass')
    return [
      'CP-8.6',
      'auto-pass is switched at your mulligan or in your open Main Phase, once per turn, to the value it does not have',
    ]
  if (a.type === 'concede')
    return ['CR 1.16', 'this match was created with concedeListed: false, so conceding is not offered']
  if (s.prompt && a.type !== 'choose') return ['CP-10.12', 'an effect is resolving: answer its choice first']
  if (s.pending.length && a.type !== 'resolve') return ['CP-10.30', 'no game action while effects are pending']
  // CP-9.26: in the React Step the defender may only Call a Legend, use BLOCKER or QUICK, or end the step
  if (
    s.attack &&
    !s.prompt &&
    (a.type === 'attack' ||
      a.type === 'legend' ||
      a.type === 'pass' ||
      (a.type === 'activate' && !isQuick(s, a.src, a.ab)))
  )
    return [
      'CP-9.26',
      'in the React Step only reactions are possible: Call a Legend, BLOCKER, QUICK effects and Programs',
    ]
  switch (a.type) {
    case 'goFirst':
      return ['CR 7.5.2', 'only the randomly picked player chooses, and only before the game starts']
    case 'mulligan':
      return ['CR 7.9.2', 'one mulligan each, first player first, before the first turn']
    case 'choose':
      return s.prompt?.kind === 'roll'
        ? ['CP-8.19', 'the d20 can be chosen only when it is the last die']
        : ['CP-12.17', 'not one of the offered choices']
    case 'resolve':
      return ['CP-10.33', 'not a pending effect of the player who resolves now']
    case 'endReactions':
    case 'block':
      if (!s.attack) return ['CP-9.24', "reactions only happen in an attack's React Step"]
      return ['CP-9.26', 'that Unit cannot block (needs a ready BLOCKER Unit that is not the target)']
    case 'sell':
      if (s.attack) return ['CP-9.26', 'selling is not a reaction']
      if (p.sold) return ['CP-8.30', 'Sell for Turn only once per turn']
      return ['CP-8.28', 'that card is not in your hand or has no Sell Tag']
    case 'call':
      if (p.called) return ['CP-8.32', 'Call a Legend only once per turn']
      return ['CP-8.31', 'call needs a face-down Legend in that slot and 1 €$ paid with ready Eddies or Legends']
    case 'play': {
      const d = cardIn(s, a.card)
      if (s.attack && !(d?.type === 'Program' && d.quick))
        return ['CP-9.28', 'only QUICK Programs can be played as reactions']
      if (d?.type === 'Gear')
        return ['CP-7.19', 'a Gear is paid in full and equipped to a friendly Unit or face-up friendly Legend']
      return ['CP-3.3', 'the card must be in your hand and its cost paid in full']
    }
    case 'legend': {
      const l = p.legends[a.slot]
      if (l && cardIn(s, s.cards[l.uid]!)!.cost === null)
        return ['CP-7.13', 'a Legend with a blank cost cannot be played to the field']
      return ['CP-7.10', 'play a face-up Legend with a cost from the Legends area, paid in full']
    }
    case 'activate':
      return ['CP-11.11', 'all activation costs must be payable (and no spend-icon effects while lagging: CP-8.36)']
    case 'attack': {
      const fu = findUnit(s, a.unit)
      if (!fu || fu[0] !== seat) return ['CP-9.6', 'attack with a friendly Unit in the field']
      if (fu[1].spent) return ['CP-9.6', 'the attacker must be ready']
      if (fu[1].lag && !fu[1].attacksWhileLagging) return ['CP-9.7', 'a Unit under Lag cannot attack']
      if (!attackTargets(s, seat, fu[1]).includes(a.target))
        return a.target === 'gigs'
          ? ['CP-9.11', 'an empty Gig area cannot be attacked']
          : ['CP-9.9', 'only spent rival Units can be attacked']
      return ['CP-9.4', 'this Unit cannot attack']
    }
    case 'pass':
      return ['CP-8.25', 'you can pass only in your open Main Phase']
  }
  void rollOptions
  return ['CP-8.6', 'not a legal action now']
}
