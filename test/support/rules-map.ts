// Checks a rules map (docs/rules/<game>.md) against the engine and its tests: the shared table layout, every rule ID
// once, words and a source line per row, named functions and tests that exist.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const LAYOUT = '| Rule | In our words | Source | Status | Where enforced | Test |'
export const STATUSES = ['done', 'n/a (physical only)', 'decision', 'not done'] as const

/** Lines in each seed file (the seeds are not in the repository; a cited line must exist in its file). */
export const SEED_LINES: Record<string, number> = { '[000]': 39, '[001]': 116, '[002]': 35, '[003]': 47 }

export interface MapRow {
  rule: string
  words: string
  source: string
  status: string
  where: string
  test: string
}

/** Catalogue IDs `P-s.n` from a count of rules per section, e.g. `{ 1: 12, 2: 4 }`. */
export function ruleIds(prefix: string, sections: Record<number, number>): string[] {
  return Object.entries(sections).flatMap(([s, n]) => Array.from({ length: n }, (_, i) => `${prefix}-${s}.${i + 1}`))
}

/** Splits a table row into cells (a cell never holds " | "). */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|\s?/, '')
    .replace(/\s?\|$/, '')
    .split(' | ')
    .map(c => c.trim())
}

/** The rows of the rules table: the table whose header is LAYOUT. */
export function mapRows(markdown: string): MapRow[] {
  const lines = markdown.split('\n')
  const start = lines.indexOf(LAYOUT)
  if (start < 0) return []
  const rows: MapRow[] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    const [rule = '', words = '', source = '', status = '', where = '', test = ''] = cellsOf(line)
    rows.push({ rule, words, source, status, where, test })
  }
  return rows
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap(f => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : []
  })
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether `name` (a backticked reference) occurs in `text`: each part of `a.b` as a word, anything else literally. */
function mentions(text: string, name: string): boolean {
  if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name)) {
    return name.split('.').every(part => new RegExp(`(?<![\\w$])${escape(part)}(?![\\w$])`).test(text))
  }
  return text.includes(name) || text.includes(name.replace(/'/g, '"'))
}

/** The backticked references of a "Where enforced" cell, each with the file it is named after. */
export function functionRefs(where: string): { file: string | null; name: string }[] {
  const refs: { file: string | null; name: string }[] = []
  let file: string | null = null
  for (const m of where.matchAll(/`([^`]+)`/g)) {
    const span = m[1]!
    if (/^[\w./-]+\.ts$|^[\w-]+\/$/.test(span)) file = span
    else refs.push({ file, name: span })
  }
  return refs
}

/** The quoted test names of a "Test" cell, each with the test file named before it. */
export function testRefs(test: string): { file: string | null; name: string }[] {
  const refs: { file: string | null; name: string }[] = []
  let file: string | null = null
  // a name opens with `"` and closes with a `"` followed by a separator, so names may hold quotes of their own
  const token = /`([^`]+\.test\.ts)`|"(.*?)"(?=\s*(?:[;,)]|$|\(|and |—))/g
  for (const m of test.matchAll(token)) {
    if (m[1]) file = m[1]
    else refs.push({ file, name: m[2]! })
  }
  return refs
}

/** Every test title in a test file (it/test/describe), `${…}` parts kept as written. */
export function testTitles(source: string): string[] {
  const titles: string[] = []
  const open = /\b(?:it|test|describe)(?:\.(?:each|skip|only|concurrent)(?:\([^)]*\))?)?\(\s*(['"`])/g
  for (const m of source.matchAll(open)) {
    const quote = m[1]!
    let i = m.index + m[0].length
    let title = ''
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') {
        title += source[i + 1]
        i += 2
      } else title += source[i++]
    }
    titles.push(title)
  }
  return titles
}

/**
 * Whether a cited name (where "…" and `<…>` stand for omitted words) names a title (where `${…}` stands for any text).
 */
export function namesTitle(cited: string, title: string): boolean {
  const fragments = cited.split(/…|<[^>]*>/).filter(f => f.length > 0)
  const pattern = new RegExp(
    (cited.startsWith('…') ? '' : '^') + fragments.map(f => escape(f.trim())).join('[\\s\\S]*'),
  )
  if (pattern.test(title)) return true
  // a title built from a template: its `${…}` parts match any words of the cited name
  const parts = title.split(/\$\{[^}]*\}/)
  if (parts.length < 2) return false
  const titlePattern = new RegExp('^' + parts.map(escape).join('.*'))
  return titlePattern.test(cited.replace(/…/g, ''))
}

export interface MapSpec {
  doc: string
  /** Every numbered catalogue rule ID, in catalogue order. */
  ids: string[]
  /** Catalogue IDs of points the source leaves open (REF/GAP): each must be named somewhere in the map. */
  openPoints: string[]
  engineDir: string
  testDir: string
  root: string
}

/** Everything wrong with a rules map, one line each (empty when the map is sound). */
export function mapProblems(spec: MapSpec): string[] {
  const markdown = readFileSync(spec.doc, 'utf8')
  const rows = mapRows(markdown)
  const problems: string[] = []
  if (rows.length === 0) problems.push(`no table with the header ${LAYOUT}`)
  const listed = rows.map(r => r.rule).filter(r => spec.ids.includes(r))
  if (JSON.stringify(listed) !== JSON.stringify(spec.ids)) {
    const missing = spec.ids.filter(id => !listed.includes(id))
    const twice = listed.filter((id, i) => listed.indexOf(id) !== i)
    problems.push(
      `rule rows: missing ${missing.join(', ') || 'none'}; twice ${twice.join(', ') || 'none'}; or out of order`,
    )
  }
  for (const r of rows) {
    if (!spec.ids.includes(r.rule) && !spec.openPoints.includes(r.rule)) problems.push(`${r.rule}: not a catalogue ID`)
  }
  for (const id of spec.openPoints) {
    if (!new RegExp(`${escape(id)}(?!\\d)`).test(markdown)) problems.push(`${id}: not named anywhere in the map`)
  }
  problems.push(...decisionProblems(markdown))
  const engineFiles = filesUnder(spec.engineDir)
  const engineText = engineFiles.map(f => readFileSync(f, 'utf8')).join('\n')
  const resolve = (file: string, dir: string) =>
    [join(dir, file), join(spec.root, file)].find(p => existsSync(p)) ?? null
  for (const r of rows) {
    const at = `${r.rule}`
    if (r.words.length < 8 || r.words.includes('…')) problems.push(`${at}: no words of our own, or cut short`)
    const cites = r.source.split('; ')
    if (!cites.every(c => /^\[\d{3}\] L \d+(?:–\d+)?(?:, \d+(?:–\d+)?)*$/.test(c))) {
      problems.push(`${at}: source "${r.source}" is not "[00n] L n"`)
    } else {
      for (const c of cites) {
        const file = c.slice(0, 5)
        const max = SEED_LINES[file]
        const nums = [...c.slice(8).matchAll(/\d+/g)].map(m => Number(m[0]))
        if (max === undefined || nums.some(n => n < 1 || n > max)) problems.push(`${at}: ${c} is not a line of ${file}`)
      }
    }
    if (!(STATUSES as readonly string[]).includes(r.status)) problems.push(`${at}: status "${r.status}"`)
    for (const ref of functionRefs(r.where)) {
      if (ref.file === null) {
        if (!mentions(engineText, ref.name)) problems.push(`${at}: \`${ref.name}\` is in no engine file`)
        continue
      }
      const path = resolve(ref.file, spec.engineDir)
      if (path === null) {
        problems.push(`${at}: no file ${ref.file}`)
        continue
      }
      const text = statSync(path).isDirectory()
        ? filesUnder(path)
            .map(f => readFileSync(f, 'utf8'))
            .join('\n')
        : readFileSync(path, 'utf8')
      if (!mentions(text, ref.name)) problems.push(`${at}: \`${ref.name}\` is not in ${ref.file}`)
    }
    const tests = testRefs(r.test)
    if (r.status === 'done' && tests.length === 0 && !/`[^`]+\.test\.ts`/.test(r.test))
      problems.push(`${at}: done but no test named`)
    for (const ref of tests) {
      if (ref.file === null) {
        problems.push(`${at}: test "${ref.name}" has no file`)
        continue
      }
      const path = resolve(ref.file, spec.testDir)
      if (path === null) {
        problems.push(`${at}: no test file ${ref.file}`)
        continue
      }
      const titles = testTitles(readFileSync(path, 'utf8'))
      if (!titles.some(t => namesTitle(ref.name, t))) problems.push(`${at}: no test "${ref.name}" in ${ref.file}`)
    }
  }
  return problems
}

/** Each decision (a top-level item of a "## Decisions" section) must cite the seed line it reads. */
export function decisionProblems(markdown: string): string[] {
  const lines = markdown.split('\n')
  const start = lines.findIndex(l => l.startsWith('## Decisions'))
  if (start < 0) return ['no "## Decisions" section']
  const after = lines.slice(start + 1)
  const end = after.findIndex(l => l.startsWith('## '))
  return after
    .slice(0, end < 0 ? undefined : end)
    .filter(l => /^(?:- |\d+\. )/.test(l))
    .filter(l => !/\[\d{3}\] L \d+/.test(l))
    .map(l => `decision without a source line: ${l.slice(0, 60)}`)
}
