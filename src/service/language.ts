/**
 * Which language a request's words are in (its `lang`, the bearer's player's preference, Accept-Language, English), and
 * errors in it.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, languageCode, type Language } from '../kernel/index.ts'
import { ServiceError, type ErrorCode } from './errors.ts'
import { SERVICE_MESSAGES, serviceMessages, type ServiceMessageKey } from './messages/index.ts'

/** `raw` as one of LANGUAGES (case-insensitive), else BAD_USER_INPUT whose message is in `errorsIn`. */
export function parseLanguage(raw: unknown, errorsIn: Language = DEFAULT_LANGUAGE): Language {
  const found = typeof raw === 'string' ? languageCode(raw) : null
  if (found) return found
  const given = typeof raw === 'string' ? raw.slice(0, 40) : JSON.stringify(raw)
  const error = new ServiceError(
    'BAD_USER_INPUT',
    serviceMessages(errorsIn)('error.unknownLanguage', { given, known: LANGUAGES.join(', ') }),
  )
  error.language = errorsIn
  throw error
}

/** A field's `lang` argument over the request's language (absent or null: the request's). */
export function fieldLanguage(argument: string | null | undefined, request: Language | undefined): Language {
  return argument == null ? (request ?? DEFAULT_LANGUAGE) : parseLanguage(argument, request)
}

/** The language an Accept-Language tag falls to (RFC 4647 lookup on its primary subtag), or null for a tag we skip. */
function tagLanguage(tag: string): Language | null {
  const primary = tag.toLowerCase().split('-')[0]
  if (primary === 'tr') return 'tr'
  if (primary === 'pt') return 'pt-BR'
  if (primary === 'en') return 'en'
  return null
}

/**
 * The first of our languages in an Accept-Language header, ranges taken by q-value (highest first, then in their
 * order; q=0 means "not this one"): `tr`, `tr-TR` → tr; `pt`, `pt-BR`, `pt-PT` → pt-BR; `en-*` → en; others skipped.
 */
export function acceptedLanguage(header: string | string[] | null | undefined): Language | null {
  if (header == null) return null
  const text = Array.isArray(header) ? header.join(',') : header
  // Bounded: a header of a few thousand characters is parsed; ranges past the 50th are not looked at.
  const ranges = text
    .slice(0, 4000)
    .split(',')
    .slice(0, 50)
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';').map(p => p.trim())
      const q = params.find(p => /^q=/i.test(p))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { tag, weight: Number.isFinite(weight) ? weight : 0, order }
    })
    .filter(r => r.tag !== '' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
  for (const r of ranges) {
    const found = tagLanguage(r.tag)
    if (found) return found
  }
  return null
}

/** Steps 2–5 of the contract's order, the preference looked up only when no `lang` parameter decides. */
export async function requestLanguage(
  parameter: unknown,
  preference: () => Promise<Language | null>,
  acceptLanguage: string | string[] | undefined,
): Promise<Language> {
  const accepted = acceptedLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE
  if (parameter !== undefined) return parseLanguage(parameter, accepted)
  return (await preference()) ?? accepted
}

/**
 * An error's message in `lang`: English as the service wrote it; in another language the code's summary in that
 * language, then the service's specifics (ids, values, the rule's words) in parentheses, untranslated.
 */
export function errorMessage(
  code: ErrorCode | string,
  message: string,
  lang: Language | undefined,
  writtenIn?: Language,
): string {
  if (lang === undefined || lang === (writtenIn ?? DEFAULT_LANGUAGE)) return message
  const key = `error.${code}`
  if (!(key in SERVICE_MESSAGES.en)) return message
  return `${serviceMessages(lang)(key as ServiceMessageKey)} (${message})`
}

/**
 * A deck violation's message in `lang`: English as the engine wrote it; in another language its code's summary, then
 * the engine's words.
 */
export function violationMessage(violation: { code: string; message: string }, lang: Language): string {
  const key = `violation.${violation.code}`
  if (lang === DEFAULT_LANGUAGE || !(key in SERVICE_MESSAGES.en)) return violation.message
  return `${serviceMessages(lang)(key as ServiceMessageKey)} (${violation.message})`
}
