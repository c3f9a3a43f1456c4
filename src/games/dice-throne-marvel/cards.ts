// Playing a card: pay, the window before a Main Phase card, resolve, then discard (DT-2.1, DT-2.5, DT-2.6, DT-4.8, DT-4.10, DT-4.11, DT-4.13, DT-5.1, DT-8.7, DT-9.3, DT-11.3, DT-GAP-10).
import { CARDS, STATUSES } from './data.ts'
import type { DTAction, DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { gainCp, removeAt, toDiscard } from './players.ts'
import { gainStatus, loseStatus, statusKeys } from './statuses.ts'
import { markChanged, setDie, symOf } from './dice.ts'
import { runOps } from './effects.ts'
import { inflict } from './isolated.ts'
import { checkDeaths } from './deaths.ts'
import { upgradeCost } from './card-actions.ts'
import { openWindow } from './windows.ts'


export function playCard(s: DTState, seat: number, a: Extract<DTAction, { type: 'play' }>, c: Ctx) {
  const pl = s.p[seat]!
  const card = CARDS[a.card]!
  const cost = card.timing === 'upgrade' ? upgradeCost(pl, a.card) : card.cost
  pl.hand = removeAt(pl.hand, pl.hand.indexOf(a.card))
  pl.cp -= cost
  c.ev.push({ type: 'play', seat, card: a.card, cost, cp: pl.cp })
  // cards that are not Instants can be interrupted (DT-11.3): Main Phase, Roll Phase and upgrade cards wait for
  // the others' answers (Instants and status spends) before they resolve; then play resumes where it was
  if (card.timing !== 'instant') {
    s.held = { seat, a, resumeAt: { step: s.step, window: s.win, held: s.held ?? null } }
    openWindow(s, 'card', seat === s.active)
    return
  }
  resolveCard(s, seat, a, c)
}
/** A paid card's effect, then its discard (DT-5.1); an upgrade goes into play. */
export function resolveCard(s: DTState, seat: number, a: Extract<DTAction, { type: 'play' }>, c: Ctx) {
  const pl = s.p[seat]!
  const card = CARDS[a.card]!
  if (card.timing === 'upgrade') {
    const u = card.upgrade!
    pl.ups = [...pl.ups, a.card]
    if (u.kind === 'passive') pl.lim = { ...pl.lim, [u.target]: STATUSES[u.target]!.limit + 1 }
    else pl.lv = { ...pl.lv, [u.target]: u.level }
    return
  }
  const r = s.roll
  // most cards are written in the effect vocabulary of abilities; the cases below are the cards it cannot say
  if (card.ops) runOps(s, seat, a.target ?? -1, card.ops, c, null)
  switch (card.effect) {
    case 'setOwnDie6':
      setDie(s, a.die!, 6, c, a.card)
      break
    case 'setOwnDie45':
    case 'setAnyDie':
    case 'tip':
    case 'samesies':
      setDie(s, a.die!, a.value!, c, a.card)
      break
    case 'setAnyDie2':
      setDie(s, a.die!, a.value!, c, a.card)
      s.choice = { kind: 'setDie', seat, used: a.die! }
      break
    case 'reroll2':
      for (let k = 0; k < a.dice!.length; k++) r!.dice[a.dice![k]!] = c.r.die(6)
      c.ev.push({ type: 'roll', seat: r!.owner, dice: r!.dice.slice(), rerolled: a.dice })
      if (r!.kind === 'off') markChanged(c)
      // one die rerolled: the second reroll may follow, on the same die or another, after seeing it
      if (a.dice!.length === 1) s.choice = { kind: 'reroll1', seat }
      break
    case 'rerollOwn1':
    case 'forceReroll':
      r!.dice[a.die!] = c.r.die(6)
      c.ev.push({ type: 'roll', seat: r!.owner, dice: r!.dice.slice(), rerolled: [a.die] })
      if (r!.kind === 'off') markChanged(c)
      break
    case 'transfer':
      // moves the token only if it is still there (it may have been spent in the card's window): never creates one
      if (loseStatus(s, a.from!, a.status!, 1, c) > 0) gainStatus(s, a.target!, a.status!, 1, c)
      break
    case 'vegas': {
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'vegas-baby' })
      gainCp(s, seat, Math.ceil(d / 2), c)
      break
    }
    case 'clearStatuses':
      for (const k of statusKeys(s.p[a.target!]!.st)) loseStatus(s, a.target!, k, 99, c)
      break
    case 'removeStatus':
      loseStatus(s, a.target!, a.status!, 1, c)
      break
    case 'booyah': {
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'booyah' })
      const sym = symOf(pl.hero, d)
      if (sym === 'thwip') gainStatus(s, seat, 'invisibility', 1, c)
      else if (sym === 'web') inflict(s, seat, a.target!, 'webbed', 1, c)
      else gainStatus(s, seat, 'combo', 1, c)
      break
    }
  }
  // pay, resolve, then discard (DT-5.1): a reshuffle during the effect does not take the card back into the deck
  toDiscard(pl, a.card)
  checkDeaths(s, c)
}
