// A rule of a game in words, read from the game's rules map (docs/rules/<game>.md): the row of its rule ID.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const RULES_DIR = path.resolve(import.meta.dirname, '../../docs/rules')

export interface RuleRow {
  rule: string
  text: string
  source: string
  status: string
}

/** Splits one markdown table row into its cells (a `|` inside backquotes or escaped as `\|` stays in its cell). */
function cells(line: string): string[] {
  const out: string[] = []
  let cell = ''
  let code = false
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c === '\\' && body[i + 1] === '|') {
      cell += '|'
      i++
    } else if (c === '`') {
      code = !code
      cell += c
    } else if (c === '|' && !code) {
      out.push(cell.trim())
      cell = ''
    } else cell += c
  }
  out.push(cell.trim())
  return out
}

/** The rules map's row of `rule` (IDs compare without regard to case), or null when the map has no such row. */
export function findRule(markdown: string, rule: string): RuleRow | null {
  const wanted = rule.trim().toUpperCase()
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue
    const row = cells(line)
    if (row[0]?.toUpperCase() === wanted && row.length >= 4)
      return { rule: row[0], text: row[1]!, source: row[2]!, status: row[3]! }
  }
  return null
}

/** The rules map of `game`, or null when there is none (`game` must be a game id, never a path). */
export function rulesMap(game: string): string | null {
  if (!/^[a-z0-9-]+$/.test(game)) return null
  try {
    return readFileSync(path.join(RULES_DIR, `${game}.md`), 'utf8')
  } catch {
    return null
  }
}
