// The SDK is a package of its own: it imports nothing outside sdk/src, neither the server nor any npm package.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '../../sdk/src')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
}

describe('@arbiter/sdk package', () => {
  it('imports only its own modules', () => {
    const outside: string[] = []
    for (const file of files(SRC).filter((f) => f.endsWith('.ts'))) {
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
})
