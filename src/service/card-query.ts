// The card query language: a parser from query text to a tree (with positioned errors) and its evaluation over cards.
import { ServiceError } from './errors.ts'
import { fold } from './text-fold.ts'

/** What a query sees of a card: every text already folded, the numbers as the card has them (null: none). */
export interface QueryCard {
  id: string
  name: string
  type: string
  text: string
  tags: string[]
  colours: string[]
  /** id, name, type, text, tags and colours, folded and joined by newlines: what a bare term looks in. */
  haystack: string
  cost: number | null
  ram: number | null
  power: number | null
}

export const NUMERIC_FIELDS = ['cost', 'ram', 'power'] as const
export const TEXT_FIELDS = ['name', 'text', 'type', 'tag', 'colour', 'color'] as const
export const ORDER_KEYS = ['name', 'type', 'cost', 'ram', 'power'] as const
type NumericField = (typeof NUMERIC_FIELDS)[number]
type TextField = (typeof TEXT_FIELDS)[number]
export type OrderKey = (typeof ORDER_KEYS)[number]
type Comparison = '=' | '<' | '<=' | '>' | '>='

export type QueryNode =
  | { kind: 'term'; value: string }
  | { kind: 'text'; field: TextField; value: string }
  | { kind: 'number'; field: NumericField; op: Comparison; value: number }
  | { kind: 'not'; node: QueryNode }
  | { kind: 'and'; nodes: QueryNode[] }
  | { kind: 'or'; nodes: QueryNode[] }

export interface ParsedQuery {
  /** Null: every card. */
  where: QueryNode | null
  order: OrderKey | null
  descending: boolean
}

export const QUERY_MAX_LENGTH = 500

const FIELDS = [...TEXT_FIELDS, ...NUMERIC_FIELDS, 'order', 'dir'] as const
const FIELD_LIST = FIELDS.join(', ')
const OPERATOR = /^([A-Za-z]+)(<=|>=|:|=|<|>)/
const WORD_END = /[\s()"]/

function syntax(position: number, expected: string, message: string): ServiceError {
  return new ServiceError('QUERY_SYNTAX', `query, at ${position}: ${message}; expected ${expected}`, {
    position,
    expected,
  })
}

/** Parses a query; a query that does not parse throws QUERY_SYNTAX with the offset of the first character refused. */
export function parseQuery(source: string): ParsedQuery {
  return new Parser(source).parse()
}

class Parser {
  private at = 0
  private depth = 0
  private order: OrderKey | null = null
  private dir: 'asc' | 'desc' | null = null

  constructor(private readonly src: string) {}

  parse(): ParsedQuery {
    this.space()
    const where = this.atEnd() ? null : this.orExpr()
    this.space()
    if (!this.atEnd())
      throw syntax(this.at, 'a term, "or" or the end of the query', `unexpected '${this.src[this.at]}'`)
    return { where, order: this.order, descending: this.dir === 'desc' }
  }

  private atEnd(): boolean {
    return this.at >= this.src.length
  }

  private space(): void {
    while (this.at < this.src.length && /\s/.test(this.src[this.at]!)) this.at++
  }

  /** Whether the next word is `or` (any case) standing alone. */
  private atOr(): boolean {
    const s = this.src
    return (
      s.slice(this.at, this.at + 2).toLowerCase() === 'or' &&
      (this.at + 2 >= s.length || WORD_END.test(s[this.at + 2]!))
    )
  }

  private orExpr(): QueryNode {
    const nodes = [this.andExpr()]
    for (;;) {
      this.space()
      if (!this.atOr()) break
      this.at += 2
      this.space()
      nodes.push(this.andExpr())
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'or', nodes }
  }

  private andExpr(): QueryNode {
    const nodes: QueryNode[] = []
    let sorts = 0
    for (;;) {
      this.space()
      if (this.atEnd() || this.src[this.at] === ')' || (nodes.length + sorts > 0 && this.atOr())) break
      if (this.atOr()) throw syntax(this.at, 'a term before "or"', "'or' joins two terms")
      const node = this.unary()
      if (node) nodes.push(node)
      else sorts++
    }
    if (nodes.length + sorts === 0)
      throw syntax(this.at, 'a term', this.atEnd() ? 'the query ends too soon' : `unexpected '${this.src[this.at]}'`)
    // Only order:/dir: here: no condition (an empty `and` holds for every card).
    return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes }
  }

  /** A term, possibly negated; null for `order:`/`dir:`, which select nothing. */
  private unary(): QueryNode | null {
    if (this.src[this.at] === '-') {
      const start = this.at
      this.at++
      if (this.atEnd() || /\s|\)/.test(this.src[this.at]!))
        throw syntax(this.at, 'a term or a group after "-"', 'nothing to negate')
      const node = this.unary()
      if (!node) throw syntax(start, 'a term', 'order: and dir: cannot be negated')
      return { kind: 'not', node }
    }
    if (this.src[this.at] === '(') {
      this.at++
      this.depth++
      this.space()
      const node = this.orExpr()
      this.space()
      if (this.src[this.at] !== ')')
        throw syntax(this.at, "')'", this.atEnd() ? 'the group is not closed' : `unexpected '${this.src[this.at]}'`)
      this.at++
      this.depth--
      return node
    }
    if (this.src[this.at] === '"') return { kind: 'term', value: this.phrase() }
    return this.word()
  }

  /** A quoted phrase, from its opening quote; its folded text. */
  private phrase(): string {
    const close = this.src.indexOf('"', this.at + 1)
    if (close < 0) {
      this.at = this.src.length
      throw syntax(this.at, "'\"'", 'the phrase is not closed')
    }
    const text = this.src.slice(this.at + 1, close)
    this.at = close + 1
    return fold(text)
  }

  private readWord(): string {
    const start = this.at
    while (this.at < this.src.length && !WORD_END.test(this.src[this.at]!)) this.at++
    return this.src.slice(start, this.at)
  }

  private word(): QueryNode | null {
    const start = this.at
    const head = OPERATOR.exec(this.src.slice(start, start + 64))
    if (!head || !/[A-Za-z]/.test(this.src[start]!)) return { kind: 'term', value: fold(this.readWord()) }
    const field = head[1]!.toLowerCase()
    const op = head[2]!
    if (!(FIELDS as readonly string[]).includes(field))
      throw syntax(start, `a field (${FIELD_LIST}) or a word without ':'`, `unknown field '${head[1]}'`)
    this.at = start + head[0].length
    const valueAt = this.at
    if ((NUMERIC_FIELDS as readonly string[]).includes(field)) {
      const raw = this.readWord()
      if (!/^-?\d{1,6}$/.test(raw))
        throw syntax(valueAt, 'an integer', raw ? `'${raw}' is not an integer` : 'the number is missing')
      return {
        kind: 'number',
        field: field as NumericField,
        op: op === ':' ? '=' : (op as Comparison),
        value: Number(raw),
      }
    }
    if (op !== ':') throw syntax(start + head[1]!.length, "':'", `${field} is compared with ':'`)
    if (field === 'order' || field === 'dir') return this.sorting(field, start, valueAt)
    if (this.src[this.at] === '"') return { kind: 'text', field: field as TextField, value: this.phrase() }
    const raw = this.readWord()
    if (!raw) throw syntax(valueAt, 'a value', `${field}: needs a value`)
    return { kind: 'text', field: field as TextField, value: fold(raw) }
  }

  private sorting(field: 'order' | 'dir', start: number, valueAt: number): null {
    const raw = this.readWord().toLowerCase()
    if (this.depth > 0)
      throw syntax(start, 'a term (order: and dir: only outside parentheses)', `${field}: inside parentheses`)
    if (field === 'order') {
      if (!(ORDER_KEYS as readonly string[]).includes(raw))
        throw syntax(valueAt, ORDER_KEYS.join(' | '), `cannot order by '${raw}'`)
      if (this.order) throw syntax(start, 'a term (one order: only)', 'a second order:')
      this.order = raw as OrderKey
    } else {
      if (raw !== 'asc' && raw !== 'desc') throw syntax(valueAt, 'asc | desc', `no direction '${raw}'`)
      if (this.dir) throw syntax(start, 'a term (one dir: only)', 'a second dir:')
      this.dir = raw
    }
    return null
  }
}

/** A predicate over cards for a parsed query's condition. */
export function compile(node: QueryNode | null): (card: QueryCard) => boolean {
  if (!node) return () => true
  switch (node.kind) {
    case 'term':
      return c => c.haystack.includes(node.value)
    case 'text':
      return textTest(node.field, node.value)
    case 'number': {
      const { field, op, value } = node
      return c => {
        const n = c[field]
        if (n === null) return false
        return op === '='
          ? n === value
          : op === '<'
            ? n < value
            : op === '<='
              ? n <= value
              : op === '>'
                ? n > value
                : n >= value
      }
    }
    case 'not': {
      const inner = compile(node.node)
      return c => !inner(c)
    }
    case 'and': {
      const parts = node.nodes.map(compile)
      return c => parts.every(p => p(c))
    }
    case 'or': {
      const parts = node.nodes.map(compile)
      return c => parts.some(p => p(c))
    }
  }
}

function textTest(field: TextField, value: string): (card: QueryCard) => boolean {
  switch (field) {
    case 'name':
      return c => c.name.includes(value)
    case 'text':
      return c => c.text.includes(value)
    case 'type':
      return c => c.type === value
    case 'tag':
      return c => c.tags.includes(value)
    case 'colour':
    case 'color':
      return c => c.colours.includes(value)
  }
}

/** The words a query looks for (its plain terms, not negated), for suggestions when it finds nothing. */
export function queryWords(node: QueryNode | null): string[] {
  if (!node) return []
  switch (node.kind) {
    case 'term':
      return [node.value]
    case 'text':
      return node.field === 'name' ? [node.value] : []
    case 'and':
    case 'or':
      return node.nodes.flatMap(queryWords)
    default:
      return []
  }
}

/**
 * `cards` (in catalogue order) sorted by `order`: ascending unless `descending`, ties in catalogue order, cards
 * without the value last either way; texts compare folded, by UTF-16 code units.
 */
export function sortCards<T>(
  cards: T[],
  view: (card: T) => QueryCard,
  order: OrderKey | null,
  descending: boolean,
): T[] {
  if (!order) return cards
  const sign = descending ? -1 : 1
  const keyed = cards.map((card, i) => ({ card, i, key: view(card)[order] as string | number | null }))
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? a.i - b.i : a.key === null ? 1 : -1
    const c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    return c === 0 ? a.i - b.i : c * sign
  })
  return keyed.map(k => k.card)
}
