// The SDK is a package of its own: it imports nothing outside sdk/src, neither the server nor any npm package, and
// builds itself on install.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '../../sdk/src')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  )
}

describe('@arbiter/sdk package', () => {
  it('imports only its own modules', () => {
    const outside: string[] = []
    for (const file of files(SRC).filter(f => f.endsWith('.ts'))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)) {
        const target = spec!.startsWith('.') ? path.resolve(path.dirname(file), spec!) : spec!
        if (!target.startsWith(SRC + path.sep)) outside.push(`${path.relative(SRC, file)} imports ${spec}`)
      }
    }
    expect(outside).toEqual([])
  })

  it('declares no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(SRC, '../package.json'), 'utf8'))
    expect(pkg).toMatchObject({ name: '@arbiter/sdk', type: 'module' })
    expect(pkg.dependencies ?? {}).toEqual({})
  })

  it('builds itself when installed by path (prepare), so a plain Node consumer imports it at once', () => {
    const pkg = JSON.parse(readFileSync(path.join(SRC, '../package.json'), 'utf8'))
    expect(pkg.scripts.prepare).toBe('tsc -p tsconfig.json')
    // A copy of sdk/ without dist/, beside a node_modules that has TypeScript (as the repository's own does).
    const root = mkdtempSync(path.join(tmpdir(), 'arbiter-sdk-install-'))
    symlinkSync(path.resolve(SRC, '../../node_modules'), path.join(root, 'node_modules'), 'dir')
    for (const f of ['package.json', 'tsconfig.json', 'src'])
      cpSync(path.join(SRC, '..', f), path.join(root, 'sdk', f), { recursive: true })
    mkdirSync(path.join(root, 'consumer'))
    writeFileSync(
      path.join(root, 'consumer/package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    )
    execFileSync('npm', ['install', '../sdk', '--offline', '--no-audit', '--no-fund', '--foreground-scripts'], {
      cwd: path.join(root, 'consumer'),
      stdio: 'pipe',
    })
    const out = execFileSync(
      process.execPath,
      ['-e', "import('@arbiter/sdk').then((m) => console.log(typeof m.Arbiter, typeof m.ArbiterError))"],
      { cwd: path.join(root, 'consumer'), encoding: 'utf8' },
    )
    expect(out.trim()).toBe('function function')
  })
})
