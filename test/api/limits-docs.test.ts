// The README's limits table against the code's defaults and docs/configuration.md: a bound changed in one place only
// fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { DEFAULT_LIMITS, LIMIT_ENV } from '../../src/api/limits.ts'

/** A markdown file's table rows `| \`NAME\`…| default |` as NAME -> the default cell. */
function defaults(markdown: string): Map<string, string> {
  const rows = new Map<string, string>()
  for (const line of markdown.split('\n')) {
    const m = /^\| `([A-Z_]+)`[^|]*\|(?:.*\|)?\s*([^|]*?)\s*\|\s*$/.exec(line)
    if (m) rows.set(m[1]!, m[2]!)
  }
  return rows
}

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const section = readme.slice(readme.indexOf('### Limits'), readme.indexOf('\n## ', readme.indexOf('### Limits')))
const inReadme = defaults(section)
const inConfiguration = defaults(readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8'))

describe("the README's limits table", () => {
  test('lists every limit of src/api/limits.ts with its default', () => {
    for (const [key, name] of Object.entries(LIMIT_ENV) as [keyof typeof DEFAULT_LIMITS, string][])
      expect(inReadme.get(name), name).toBe(`\`${DEFAULT_LIMITS[key]}\``)
  })

  test('gives each bound the default docs/configuration.md gives it', () => {
    expect(inReadme.size).toBeGreaterThan(20)
    for (const [name, value] of inReadme) {
      // configuration.md's cell may add words after the value ("`60000` (a minute)")
      expect(inConfiguration.get(name)?.startsWith(value), `${name}: ${value}`).toBe(true)
    }
  })
})
