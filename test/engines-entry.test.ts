// The `arbiter/engines` package entry: the same engines, importable without the server.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { engines, Random } from 'arbiter/engines'
import { productionGames } from '../src/games/index.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Every module `file` imports, transitively, by specifier (relative ones resolved). */
function importGraph(file: string, seen = new Set<string>(), packages = new Set<string>()): Set<string> {
  if (seen.has(file)) return packages
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
    const spec = m[1]!
    if (spec.startsWith('.')) importGraph(path.resolve(path.dirname(file), spec), seen, packages)
    else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!)
  }
  return packages
}

describe('arbiter/engines', () => {
  it('exports every production engine by id, and they play', () => {
    expect(Object.keys(engines).sort()).toEqual(productionGames.map((e) => e.id).sort())
    for (const engine of Object.values(engines)) {
      const samples = engine.sampleDecks()
      const state = engine.setup([samples[0]!.deck, samples[1 % samples.length]!.deck], engine.schemas.options.parse({}), 'entry')
      const seat = engine.status(state).toAct[0]!
      const action = Random.fromSeed('x').pick(engine.legalActions(state, seat))
      expect(engine.status(engine.apply(state, seat, action).state)).toBeDefined()
    }
  })

  it('depends on no server package (only zod and pure-rand)', () => {
    const packages = importGraph(path.join(ROOT, 'src/engines.ts'))
    expect([...packages].filter((p) => !p.startsWith('node:')).sort()).toEqual(['pure-rand', 'zod'])
  })

  it('loads in a plain Node process through the package exports', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', "import('arbiter/engines').then((m) => console.log(Object.keys(m.engines).join(',')))"], { cwd: ROOT, encoding: 'utf8' })
    expect(out.trim().split(',').sort()).toEqual(productionGames.map((e) => e.id).sort())
  })
})
