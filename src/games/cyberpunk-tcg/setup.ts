// Setup (CR 7): the initial state of a match from two resolved decks, its options and its seed.
import { Random } from '../../kernel/index.ts'
import { DIE_SIZES, type LegendSlot, type Options, type Player, type State } from './state.ts'
import type { ResolvedDeck } from './deck.ts'
import { homebrewOf } from './homebrew.ts'

// The card tables of the last match set up. They are never written into, so the next match of the same decks (a
// rematch, a bot's playouts) shares them, and the per-match lookups keyed on them (`def` in core.ts) are built once.
let lastCards: string[] = []

let lastOwner: number[] = []

function sameList<T>(a: T[], b: T[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function newState(
  decks: Pick<ResolvedDeck, 'legends' | 'main' | 'setCards' | 'sets'>[],
  options: Options,
  seed: string,
): State {
  const r = Random.fromSeed(seed)
  // set cards get their ids in the match (one id, one card)
  const hb = homebrewOf(
    [...new Set(decks.flatMap(d => d.sets))],
    decks.map(d => d.setCards),
  )
  const idIn = (seat: number, id: string) => hb?.ids[seat]!.get(id) ?? id
  let cards: string[] = []
  let owner: number[] = []
  const p: Player[] = []
  const dice = []
  for (let seat = 0; seat < decks.length; seat++) {
    const dk = decks[seat]!
    const legends: LegendSlot[] = []
    const main: number[] = []
    for (const id of dk.legends) {
      cards.push(idIn(seat, id))
      owner.push(seat)
      legends.push({ uid: cards.length - 1, faceUp: false, spent: false, gear: [] })
    }
    for (const id of dk.main) {
      cards.push(idIn(seat, id))
      owner.push(seat)
      main.push(cards.length - 1)
    }
    const fixer: number[] = []
    for (const size of DIE_SIZES) {
      dice.push({ size, value: size })
      fixer.push(dice.length - 1)
    }
    p.push({
      deck: r.shuffle(main),
      hand: [],
      trash: [],
      eddies: [],
      eddiesSpent: 0,
      legends: r.shuffle(legends),
      field: [],
      removed: [],
      fixer,
      gigs: [],
      peek: [],
      sold: false,
      called: false,
      once: [],
      delayed: [],
    })
  }
  // a match with set cards keeps its own tables: the same ids may mean other cards in another match
  if (hb === null && sameList(cards, lastCards) && sameList(owner, lastOwner)) {
    cards = lastCards
    owner = lastOwner
  } else if (hb === null) {
    lastCards = cards
    lastOwner = owner
  }
  const chooser = r.int(0, 1)
  return {
    cards,
    owner,
    dice,
    players: p,
    turn: 0,
    active: chooser,
    first: chooser,
    chooser,
    phase: 'choose',
    step: 0,
    attack: null,
    frames: [],
    pending: [],
    prompt: null,
    limbo: [],
    continuous: [],
    streak: 0,
    overtime: false,
    winners: null,
    reason: null,
    seq: 0,
    opts: options,
    resolvesFirst: undefined,
    defeatQueue: null,
    rng: r.state(),
    // undefined, so left out of the JSON: present for the one shape of every state (clone.ts)
    auto: undefined,
    autoTurn: undefined,
    lastKnown: undefined,
    homebrew: hb?.homebrew,
  }
}
