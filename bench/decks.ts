// Deck-builder speed: a query over a whole catalogue and the import of a 50-card text list, in medians, with an anchor
// measured in the same run (a plain Array.filter over the catalogue by name) to compare across machines.
import { productionGames } from '../src/games/index.ts'
import { GameRegistry } from '../src/kernel/index.ts'
import { Catalog } from '../src/service/catalog.ts'
import { DeckTools } from '../src/service/deck-tools.ts'

export interface DeckBenchResult {
  name: string
  medianMs: number
}

/** The median time of one call of `fn`, in ms, over `runs` calls after a warm-up. */
function median(fn: () => unknown, runs: number): number {
  for (let i = 0; i < Math.min(200, runs); i++) fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint()
    fn()
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

/** A 50-card Cyberpunk TCG list in the ways people write it: "3x Name", "Name x2", "1 Name", with sections. */
export function fiftyCardList(): string {
  const engine = productionGames.find(g => g.id === 'cyberpunk-tcg')!
  const cards = engine.cards()
  const legends = cards.filter(c => c.type === 'Legend').slice(0, 3)
  const lines = ['## Legends', ...legends.map(c => c.name), '', '## Cards']
  let total = 0
  for (const [i, c] of cards.filter(x => x.type !== 'Legend').entries()) {
    if (total >= 50) break
    const n = Math.min(1 + (i % 3), 50 - total)
    total += n
    lines.push(
      i % 3 === 0
        ? `${n}x ${c.name}`
        : i % 3 === 1
          ? `${c.name.toUpperCase()} x${n}`
          : `${n} ${c.name.replace(': ', ' — ')}`,
    )
  }
  return lines.join('\n')
}

export function deckBench(runs = 2000): DeckBenchResult[] {
  const catalog = new Catalog(new GameRegistry(productionGames))
  const tools = new DeckTools(catalog)
  const game = 'cyberpunk-tcg'
  const raw = productionGames.find(g => g.id === game)!.cards()
  const query = '(type:unit or type:gear) cost<=3 -tag:merc colour:red or text:"draw" order:cost dir:desc'
  const text = fiftyCardList()
  catalog.cards({ game, query })
  if (tools.importDeck({ game, text }).problems.length) throw new Error('the bench list has problems')
  return [
    {
      name: 'anchor: Array.filter by name',
      medianMs: median(() => raw.filter(c => c.name.toLowerCase().includes('an')), runs),
    },
    {
      name: `query over the ${raw.length}-card catalogue`,
      medianMs: median(() => catalog.cards({ game, query }), runs),
    },
    {
      name: 'plain search over the catalogue',
      medianMs: median(() => catalog.cards({ game, search: 'jackie welles' }), runs),
    },
    { name: '50-card text import', medianMs: median(() => tools.importDeck({ game, text }), runs) },
  ]
}
