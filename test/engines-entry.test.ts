// The `arbiter/engines` package entry: compiled JavaScript with per-game .d.ts types (dist/engines, built by `npm run
// build:engines`, which `prepare` runs at install), importable by plain Node and by a consumer's `tsc --strict`.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../src/games/index.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'dist/engines')
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc')
const ids = productionGames.map(e => e.id).sort()

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

/** A package of its own that depends on arbiter (linked, as `npm install <path>` does). */
function scratchPackage(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'arbiter-consumer-'))
  mkdirSync(path.join(dir, 'node_modules'))
  symlinkSync(ROOT, path.join(dir, 'node_modules/arbiter'), 'dir')
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { arbiter: `file:${ROOT}` } }),
  )
  return dir
}

/** The first ```ts block of the README's "The engines as a library" section. */
function readmeExample(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## The engines as a library'))
  return /```ts\n([\s\S]*?)```/.exec(section)![1]!
}

beforeAll(() => {
  // A build older than its sources would test yesterday's engines: say how to rebuild rather than pass on stale code.
  let built: Record<string, string>
  try {
    built = JSON.parse(readFileSync(path.join(DIST, 'sources.json'), 'utf8'))
  } catch {
    throw new Error('dist/engines is not built: run npm run build:engines (npm install runs it as prepare)')
  }
  const stale = Object.entries(built).filter(([file, hash]) => {
    try {
      return (
        createHash('sha256')
          .update(readFileSync(path.join(ROOT, file)))
          .digest('hex') !== hash
      )
    } catch {
      return true
    }
  })
  if (stale.length)
    throw new Error(`dist/engines is older than ${stale.map(([f]) => f).join(', ')}: run npm run build:engines`)
})

describe('arbiter/engines', () => {
  it('the package exports name the compiled JavaScript and its .d.ts types, never TypeScript sources', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
    expect(pkg.exports['./engines']).toEqual({
      types: './dist/engines/engines.d.ts',
      default: './dist/engines/engines.js',
    })
    expect(pkg.scripts.prepare).toBe('node scripts/build-engines.mjs')
  })

  it('npm pack ships the build (dist/ is git-ignored, not npm-ignored)', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    )
    const files = new Set((packed.files as { path: string }[]).map(f => f.path))
    for (const f of [
      'dist/engines/engines.js',
      'dist/engines/engines.d.ts',
      'dist/engines/games/dice-throne-marvel/view.d.ts',
    ])
      expect(files, f).toContain(f)
  })

  it('exports every production engine by id (the compiled code), and they play', async () => {
    const { engines, Random } = (await import(
      pathToFileURL(path.join(DIST, 'engines.js')).href
    )) as typeof import('../src/engines.ts')
    expect(Object.keys(engines).sort()).toEqual(ids)
    for (const engine of Object.values(engines) as import('../src/kernel/index.ts').AnyEngine[]) {
      const samples = engine.sampleDecks()
      const state = engine.setup(
        [samples[0]!.deck, samples[1 % samples.length]!.deck],
        engine.schemas.options.parse({}),
        'entry',
      )
      const seat = engine.status(state).toAct[0]!
      const action = Random.fromSeed('x').pick(engine.legalActions(state, seat))
      expect(engine.status(engine.apply(state, seat, action).state)).toBeDefined()
      expect(engine.determinize).toBeTypeOf('function')
      expect(engine.evaluate).toBeTypeOf('function')
    }
  })

  it('depends on no server package (only zod and pure-rand)', () => {
    const packages = importGraph(path.join(ROOT, 'src/engines.ts'))
    expect([...packages].filter(p => !p.startsWith('node:')).sort()).toEqual(['pure-rand', 'zod'])
  })

  it('loads in a plain Node process, without tsx, from a package that depends on arbiter', () => {
    const out = execFileSync(
      process.execPath,
      ['-e', "import('arbiter/engines').then((m) => console.log(Object.keys(m.engines).join(',')))"],
      { cwd: scratchPackage(), encoding: 'utf8' },
    )
    expect(out.trim().split(',').sort()).toEqual(ids)
  })

  it("the README example, and per-game types, pass a consumer's tsc --strict (against the .d.ts files)", () => {
    const dir = scratchPackage()
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          noEmit: true,
          types: [],
        },
        files: ['example.ts', 'typed.ts'],
      }),
    )
    writeFileSync(path.join(dir, 'example.ts'), readmeExample())
    writeFileSync(
      path.join(dir, 'typed.ts'),
      [
        "import { engines, Random } from 'arbiter/engines'",
        "const dt = engines['dice-throne-marvel']",
        "const s = dt.setup([{ hero: 'thor' }, { hero: 'loki' }], dt.schemas.options.parse({}), 'x')",
        'const health: number = dt.view(s, 0).players[0]!.health',
        "const turn: number = engines['cyber-net-cards'].view(engines['cyber-net-cards'].setup([], {}, 'x'), null).turn",
        'const sample: typeof s = dt.determinize(s, 0, Random.fromSeed("y"))',
        "// @ts-expect-error an action of another shape than the game's",
        "dt.apply(s, 0, { type: 'no-such-action' })",
        '// @ts-expect-error a view field the game does not have',
        'dt.view(s, 0).noSuchField',
        '// @ts-expect-error a game that is not served',
        "engines['chess']",
        'export { health, turn, sample }',
        '',
      ].join('\n'),
    )
    let output = ''
    try {
      execFileSync(process.execPath, [TSC, '-p', dir], { cwd: dir, encoding: 'utf8' })
    } catch (e) {
      output = String((e as { stdout?: string }).stdout)
    }
    expect(output).toBe('')
  })
})
