// Marvel Dice Throne's 17 shared cards, one test each, and reshuffling an empty deck.
import { describe, it, expect } from 'vitest'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import {
  E,
  start,
  edit,
  act,
  toAct,
  hpOf,
  rolling,
  passWhile,
  setHand,
  inMain,
  listed,
  lastEvents,
  emptyHands,
} from './helpers.ts'

const base = () => emptyHands(start(['thor', 'loki'], {}, 'cards'))
/** Seat 0 rolling with `dice` and holding `hand`. */
const rollWith = (dice: number[], hand: string[], cp = 5) => setHand(rolling(base(), 0, dice), 0, hand, cp)
/** Thor (seat 0) attacks Loki with Hammered 3 (4 dmg); stops in the defence window with Loki's dice set. */
function defWindow(lokiHand: string[], thorHand: string[] = ['getting-paid'], dice = [1, 1, 1]): DTState {
  let s = rolling(base(), 0, [1, 1, 1, 4, 5])
  s = setHand(s, 1, lokiHand, 5)
  s = setHand(s, 0, thorHand, 5)
  s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
  s = passWhile(s, x => x.step === 'defChoose')
  s = act(s, 1, { type: 'defend', defence: 'mischief' })
  return edit(s, x => (x.roll!.dice = dice))
}
const dmg = () => lastEvents.find(e => e.type === 'damage')?.['amount']

describe('shared cards (the 17 common cards)', () => {
  it('Six-It! (1 CP, Roll Phase) sets one of your dice to 6', () => {
    let s = rollWith([1, 2, 3, 4, 5], ['six-it'])
    expect(E.legalActions(s, 0).filter(a => a.type === 'play').length).toBe(5)
    s = act(s, 0, { type: 'play', card: 'six-it', die: 0 })
    expect(s.roll!.dice).toEqual([6, 2, 3, 4, 5])
    expect(s.p[0]!.cp).toBe(4)
  })
  it('Better D! (0 CP) gives the defender one extra roll attempt of up to 5 dice', () => {
    let s = defWindow(['better-d'])
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'better-d' })
    s = passWhile(s, x => toAct(x) === 1)
    expect(listed(s, 1, a => a.type === 'roll')).toBe(true)
    s = act(s, 1, { type: 'roll', dice: [0, 1, 2] })
    expect(s.roll!.left).toBe(0)
    expect(listed(s, 1, a => a.type === 'roll')).toBe(false)
  })
  it('Transference! (2 CP, Main) moves one status token between players', () => {
    let s = inMain(base(), 0)
    s = setHand(s, 0, ['transference'], 2)
    s = edit(s, x => (x.p[1]!.st['bag-of-tricks'] = 2))
    s = act(s, 0, { type: 'play', card: 'transference', from: 1, status: 'bag-of-tricks', target: 0 })
    expect([s.p[0]!.st['bag-of-tricks'], s.p[1]!.st['bag-of-tricks']]).toEqual([1, 1])
  })
  it('So Wild! (2 CP) sets any one die to any value', () => {
    let s = rollWith([1, 2, 3, 4, 5], ['so-wild'])
    expect(E.legalActions(s, 0).filter(a => a.type === 'play').length).toBe(25)
    s = act(s, 0, { type: 'play', card: 'so-wild', die: 4, value: 1 })
    expect(s.roll!.dice).toEqual([1, 2, 3, 4, 1])
  })
  it('Vegas Baby! (0 CP, Main) rolls 1 die and gains half its value in CP, rounded up', () => {
    let s = setHand(inMain(base(), 0), 0, ['vegas-baby'], 2)
    s = act(s, 0, { type: 'play', card: 'vegas-baby' })
    const d = (lastEvents.find(e => e['for'] === 'vegas-baby')!['dice'] as number[])[0]!
    expect(s.p[0]!.cp).toBe(2 + Math.ceil(d / 2))
  })
  it('Triple Up! (2 CP, Instant) and Double Up! (1 CP, Instant) draw 3 and 2', () => {
    let s = setHand(inMain(base(), 0), 0, ['triple-up', 'double-up'], 3)
    s = act(s, 0, { type: 'play', card: 'triple-up' })
    expect(s.p[0]!.hand.length).toBe(4)
    s = act(s, 0, { type: 'play', card: 'double-up' })
    expect(s.p[0]!.hand.length).toBe(5)
    expect(s.p[0]!.cp).toBe(0)
  })
  it('DT-GAP-5 drawing from an empty deck reshuffles the discard pile into a new deck', () => {
    let s = setHand(inMain(base(), 0), 0, ['double-up'], 3)
    s = edit(s, x => {
      x.p[0]!.deck = ['six-it']
      x.p[0]!.discard = ['tip-it', 'so-wild']
    })
    s = act(s, 0, { type: 'play', card: 'double-up' })
    expect(lastEvents.some(e => e.type === 'reshuffle')).toBe(true)
    expect(s.p[0]!.hand.length).toBe(2)
    expect(s.p[0]!.deck.length + s.p[0]!.discard.length).toBe(2)
  })
  it('What Status Effects? (2 CP, Main) removes every status token of a player', () => {
    let s = setHand(inMain(base(), 0), 0, ['what-status-effects'], 2)
    s = edit(s, x => (x.p[1]!.st = { 'bag-of-tricks': 2, illusion: 1 }))
    s = act(s, 0, { type: 'play', card: 'what-status-effects', target: 1 })
    expect(s.p[1]!.st).toEqual({})
  })
  it('Get That Outta Here! (1 CP, Main) removes one status token', () => {
    let s = setHand(inMain(base(), 0), 0, ['get-that-outta-here'], 2)
    s = edit(s, x => (x.p[1]!.st = { 'bag-of-tricks': 2 }))
    s = act(s, 0, { type: 'play', card: 'get-that-outta-here', target: 1, status: 'bag-of-tricks' })
    expect(s.p[1]!.st).toEqual({ 'bag-of-tricks': 1 })
  })
  it('Twice As Wild! (3 CP) sets two different dice, the second as a follow-up choice', () => {
    let s = rollWith([1, 2, 3, 4, 5], ['twice-as-wild'])
    s = act(s, 0, { type: 'play', card: 'twice-as-wild', die: 0, value: 6 })
    expect(s.choice?.kind).toBe('setDie')
    expect(E.legalActions(s, 0).some(a => a.type === 'setDie' && a.die === 0)).toBe(false)
    s = act(s, 0, { type: 'setDie', die: 1, value: 6 })
    expect(s.roll!.dice).toEqual([6, 6, 3, 4, 5])
    expect(s.p[0]!.cp).toBe(2)
  })
  it("Try, Try Again! (1 CP) rerolls up to 2 of your (or a teammate's) dice", () => {
    let s = rollWith([1, 1, 1, 1, 1], ['try-try-again'])
    const opts = E.legalActions(s, 0).filter(a => a.type === 'play')
    expect(opts.length).toBe(15) // 5 singles + 10 pairs
    s = act(s, 0, { type: 'play', card: 'try-try-again', dice: [2, 3] })
    expect(lastEvents.find(e => e.type === 'roll')!['rerolled']).toEqual([2, 3])
    expect([s.roll!.dice[0], s.roll!.dice[1], s.roll!.dice[4]]).toEqual([1, 1, 1])
  })
  it('Tip It! (1 CP, Instant) raises or lowers any die by 1 (not below 1 nor above 6)', () => {
    let s = rollWith([1, 6, 3, 3, 3], ['tip-it'])
    const opts = E.legalActions(s, 0).filter(a => a.type === 'play')
    expect(opts).toContainEqual({ type: 'play', card: 'tip-it', die: 0, value: 2 })
    expect(opts.some(a => a.type === 'play' && a.die === 0 && a.value === 0)).toBe(false)
    expect(opts.some(a => a.type === 'play' && a.die === 1 && a.value === 7)).toBe(false)
    s = act(s, 0, { type: 'play', card: 'tip-it', die: 1, value: 5 })
    expect(s.roll!.dice[1]).toBe(5)
  })
  it('Getting Paid! (0 CP, Instant) gains 2 CP', () => {
    let s = setHand(inMain(base(), 0), 0, ['getting-paid'], 1)
    s = act(s, 0, { type: 'play', card: 'getting-paid' })
    expect(s.p[0]!.cp).toBe(3)
  })
  it('Samesies! (1 CP) sets one of your dice to the value of another of your dice', () => {
    let s = rollWith([1, 2, 2, 2, 2], ['samesies'])
    const opts = E.legalActions(s, 0).filter(a => a.type === 'play')
    expect(opts).toContainEqual({ type: 'play', card: 'samesies', die: 0, value: 2 })
    expect(opts.some(a => a.type === 'play' && a.value === 6)).toBe(false)
    s = act(s, 0, { type: 'play', card: 'samesies', die: 0, value: 2 })
    expect(s.roll!.dice).toEqual([2, 2, 2, 2, 2])
  })
  it('Helping Hand! (1 CP) makes an opponent reroll one of their dice', () => {
    let s = rolling(base(), 0, [1, 1, 1, 4, 5])
    s = setHand(s, 1, ['helping-hand'], 3)
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    expect(toAct(s)).toBe(1)
    s = act(s, 1, { type: 'play', card: 'helping-hand', die: 0 })
    expect(lastEvents.find(e => e.type === 'roll')!['rerolled']).toEqual([0])
    expect(s.step).toBe('rolling') // dice changed: the attacker chooses again
    // not on your own dice
    const own = rollWith([1, 1, 1, 1, 1], ['helping-hand'])
    expect(listed(own, 0, a => a.type === 'play')).toBe(false)
  })
  it('One More Time! (1 CP) gives the attacker one more roll attempt', () => {
    let s = rollWith([1, 2, 3, 4, 5], ['one-more-time'])
    s = edit(s, x => (x.roll!.left = 0))
    s = act(s, 0, { type: 'play', card: 'one-more-time' })
    expect(s.roll!.left).toBe(1)
    expect(listed(s, 0, a => a.type === 'roll')).toBe(true)
  })
  it('Not This Time! (1 CP) prevents 6 incoming damage to the attacked player', () => {
    let s = defWindow(['not-this-time'])
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'not-this-time' })
    s = passWhile(s, x => x.step === 'main2')
    expect(dmg()).toBe(0)
    expect(hpOf(s, 1)).toBe(49) // only the Mjölnir throw
  })
})
