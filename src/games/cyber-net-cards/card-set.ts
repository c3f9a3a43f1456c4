/**
 * Homebrew cards of Cyber Net Cards: the strict set-card schema, the card check (with the words a place takes) and the
 * cards a deck's sets bring.
 */
import { z } from 'zod'
import type { CardCheck, CardProblem, CardSetCards } from '../../kernel/index.ts'
import { cardKinds, cardSchema, coalGainTriggers, opSchema, type Card } from './data.ts'
import { describeCard } from './card-text.ts'

/**
 * A set card: a built-in card's data as it is, or a new one; `text` may be left out (the generated text stands for it).
 */
export const setCardSchema = cardSchema.extend({
  text: z
    .string()
    .max(500)
    .optional()
    .describe("The designer's own text; the generated text is always shown beside it"),
})

export const cardJsonSchema: unknown = z.toJSONSchema(setCardSchema, { io: 'input', unrepresentable: 'any' })

export const OPERATION_WORDS: readonly string[] = opSchema.options.map(o => o.shape.op.value)
export const TARGET_WORDS: readonly string[] = ['self', 'opp']

/** The words a place takes, by the key it is under. */
const WORDS_AT: Record<string, readonly string[]> = {
  op: OPERATION_WORDS,
  who: TARGET_WORDS,
  on: coalGainTriggers,
  kind: cardKinds,
}

function problemOf(error: z.ZodError, raw: unknown): CardProblem {
  const issue = error.issues[0]!
  const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
  if (issue.code === 'unrecognized_keys')
    return { path: [...path, issue.keys[0]!], message: `Unknown key "${issue.keys[0]}": ${issue.message}` }
  // a discriminated union refuses the whole operation: point at its word
  let at = raw
  for (const k of path) at = (at as Record<string | number, unknown> | undefined)?.[k]
  if (issue.code === 'invalid_union' && typeof at === 'object' && at !== null) {
    const word = (at as { op?: unknown }).op
    return {
      path: [...path, 'op'],
      message: `Unknown operation ${JSON.stringify(word ?? null)}`,
      words: [...OPERATION_WORDS],
    }
  }
  const last = path[path.length - 1]
  const words = typeof last === 'string' ? WORDS_AT[last] : undefined
  return { path, message: issue.message, ...(words ? { words: [...words] } : {}) }
}

/**
 * Checks one set card; on success the parsed card (defaults filled, text filled in when left out) and its generated
 * text.
 */
export function checkCard(raw: unknown): CardCheck<Card> {
  const parsed = setCardSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error, raw) }
  const text = describeCard(parsed.data)
  return { ok: true, card: { ...parsed.data, text: parsed.data.text ?? text }, text }
}

/** The cards of a set, parsed; a card the check refuses (it was checked when the set was stored) is an error. */
export function setCards(set: CardSetCards): Card[] {
  return set.cards.map((raw, i) => {
    const r = checkCard(raw)
    if (!r.ok) throw new Error(`card ${i} of set ${set.ref} is not a valid card: ${r.problem.message}`)
    return r.card
  })
}
