// Setup: heroes, health, CP, starting hands and the starting player (DT-1.3, DT-2.10, DT-3.1, DT-13.11, DT-15.1,
// DT-15.2, DT-GAP-1, DT-GAP-5, DT-GAP-6).
import { Random } from '../../kernel/index.ts'
import type { DTState, Homebrew, Mode, Player } from './state.ts'
import type { ExpandedDeck } from './deck.ts'
import type { Ctx } from './context.ts'
import { firstTurn } from './flow.ts'

/** The homebrew part of the state: absent when no deck lists a card set. */
function homebrewOf(decks: readonly ExpandedDeck[]): Homebrew | undefined {
  const cardSets = [...new Set(decks.flatMap(d => d.sets))]
  if (cardSets.length === 0) return undefined
  return { cardSets, seatCards: decks.map(d => d.setCards), seatCardSets: decks.map(d => d.setCardSets) }
}

export function setupState(decks: ExpandedDeck[], mode: Mode, seed: string): DTState {
  const r = Random.fromSeed(seed)
  const heroes = decks.map(d => d.hero)
  const n = heroes.length
  const pool = heroes.map((_, i) => (mode === '2v2' ? i % 2 : i))
  const startHp = mode === 'free-for-all' ? 35 : 50
  const hp = mode === '2v2' ? [startHp, startHp] : heroes.map(() => startHp)
  const p: Player[] = decks.map(({ hero, cards }) => {
    const deck = r.shuffle(cards)
    const hand = deck.splice(deck.length - 4, 4).reverse()
    return {
      hero,
      cp: 2,
      hand,
      deck,
      discard: [],
      st: {},
      lim: {},
      lv: {},
      ups: [],
      out: false,
      mj: hero === 'thor' ? -1 : -2,
      throws: 0,
      comboUsed: false,
      ekUsed: false,
      auto: false,
    }
  })
  // Starting player: everyone rolls one die, ties among the highest reroll (DT-1.3).
  const first = pickStarter(n, () => r.die(6))
  const s: DTState = {
    game: 'dice-throne-marvel',
    mode,
    n,
    rng: [],
    pool,
    hp,
    startHp,
    p,
    first,
    active: first,
    turn: 1,
    step: 'main1',
    roll: null,
    sel: null,
    atk: null,
    win: null,
    choice: null,
    target: -1,
    ill: null,
    sug: -1,
    fx: null,
    inc: null,
    done: false,
    winners: [],
    reason: '',
  }
  const homebrew = homebrewOf(decks)
  if (homebrew !== undefined) s.homebrew = homebrew
  const c: Ctx = { r, ev: [] }
  firstTurn(s, c)
  s.rng = r.state()
  return s
}

/** Starting player: everyone rolls one die; ties among the highest reroll (DT-1.3, DT-GAP-6). */
export function pickStarter(n: number, die: () => number): number {
  let contenders = Array.from({ length: n }, (_, i) => i)
  while (contenders.length > 1) {
    const rolls = contenders.map(() => die())
    const hi = Math.max(...rolls)
    contenders = contenders.filter((_, i) => rolls[i] === hi)
  }
  return contenders[0]!
}
