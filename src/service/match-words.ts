/**
 * A match's words in any language: log labels (relabelled by replaying the log where the stored English will not do),
 * event lines, end reasons.
 */
import { DEFAULT_LANGUAGE, redactEvent, type AnyEngine, type GameEvent, type Language } from '../kernel/index.ts'
import { ABORTED_BY_OPERATOR } from './admin.ts'
import { DRAW_AGREED } from './draws.ts'
import { serviceMessages, type ServiceMessageKey } from './messages/index.ts'

/** An Action row as the words need it. */
export interface LoggedAction {
  seq: number
  seat: number | null
  action: unknown
  events: unknown
  kind: string
  label: string
  publicLabel: string
}

/** The labels the service itself writes (resign, timeout, abort, draw), as stored in English, by their key. */
const SERVICE_LABELS: Readonly<Record<string, ServiceMessageKey>> = {
  resigned: 'log.resigned',
  'ran out of time and forfeited': 'log.forfeited',
  'ran out of time again: the match is aborted, no seat having made a decision of its own': 'log.timeoutAbort',
  'aborted the match': 'log.aborted',
  'the draw offer was accepted: the match is drawn': 'log.drawAccepted',
  [ABORTED_BY_OPERATOR]: 'end.abortedByOperator',
}

/** The end reasons the service itself writes (the engines' own go to their describeEndReason). */
const SERVICE_REASONS: Readonly<Record<string, ServiceMessageKey>> = {
  resigned: 'end.resigned',
  timeout: 'end.timeout',
  aborted: 'end.aborted',
  declined: 'end.declined',
  [ABORTED_BY_OPERATOR]: 'end.abortedByOperator',
  [DRAW_AGREED]: 'end.drawAgreed',
  'the game ended': 'end.gameEnded',
}

/** Seats by name, "Seat N" (in `lang`) for a seat without one. */
export function namesIn(seats: readonly { name: string | null }[], lang: Language | undefined): string[] {
  const t = serviceMessages(lang)
  return seats.map((s, i) => s.name ?? t('log.seat', { n: i + 1 }))
}

/**
 * The state after a logged row, as a replay makes it (resign and timeout: `engine.resign`; a takeback: the state at the
 * version it took back to, from `states` by version; abort, vacation, draw: unchanged).
 */
function advance(engine: AnyEngine, state: unknown, row: LoggedAction, states: readonly unknown[]): unknown {
  if (row.kind === 'resign' || row.kind === 'timeout') return engine.resign(state, row.seat!).state
  if (row.kind === 'takeback') return states[(row.action as { toVersion: number }).toVersion]
  if (row.kind === 'abort' || row.kind === 'vacation' || row.kind === 'draw') return state
  return engine.apply(state, row.seat!, row.action as { type: string }).state
}

/**
 * Each row's label for `viewer` in `lang`, by seq. English is stored; another language replays the log from `start`
 * (the state the match was set up with) and describes each action at the state it was taken in, exactly as the stored
 * label was made (the acting seat's own words for itself, the public words for everyone else).
 */
export function labelsIn(
  engine: AnyEngine,
  start: unknown,
  rows: readonly LoggedAction[],
  viewer: number | null,
  names: readonly string[],
  lang: Language,
): Map<number, string> {
  const labels = new Map<number, string>()
  if (lang === DEFAULT_LANGUAGE) {
    for (const r of rows) labels.set(r.seq, r.seat === viewer ? r.label : r.publicLabel)
    return labels
  }
  const t = serviceMessages(lang)
  // The state at each version (version = seq of the row that made it), for takebacks to return to.
  const states: unknown[] = [start]
  let state = start
  for (const r of rows) {
    const own = r.seat !== null && r.seat === viewer
    if (r.kind === 'move' || r.kind === 'bot' || r.kind === 'autoplay') {
      const label = engine.describeAction(state, r.action as { type: string }, {
        names,
        viewer: own ? r.seat : null,
        lang,
      })
      labels.set(r.seq, r.kind === 'autoplay' ? label + t('log.onTimeout') : label)
    } else if (r.kind === 'takeback') {
      labels.set(r.seq, t('log.takeback', { version: (r.action as { toVersion: number }).toVersion }))
    } else if (r.kind === 'vacation') {
      labels.set(
        r.seq,
        t((r.action as { away?: boolean }).away ? 'log.away' : 'log.back', { who: names[r.seat ?? 0] ?? '' }),
      )
    } else {
      const stored = own ? r.label : r.publicLabel
      const key = SERVICE_LABELS[stored]
      labels.set(r.seq, key ? t(key) : stored)
    }
    state = advance(engine, state, r, states)
    states[r.seq] = state
  }
  return labels
}

/**
 * The events in words for `viewer` (each redacted for it first), one line each, none for an event not worth a line;
 * `state`, any state of the match, names its homebrew cards.
 */
export function eventTexts(
  engine: AnyEngine,
  events: readonly GameEvent[],
  viewer: number | null,
  names: readonly string[],
  lang: Language,
  state: unknown,
): string[] {
  return events.flatMap(e => engine.describeEvent(redactEvent(e, viewer), { names, viewer, lang, state }) ?? [])
}

/** Why the match ended in words in `lang`; null while it has not. */
export function endReasonText(
  engine: AnyEngine,
  endReason: string | null,
  names: readonly string[],
  lang: Language,
): string | null {
  if (endReason === null) return null
  const key = SERVICE_REASONS[endReason]
  if (key) return serviceMessages(lang)(key)
  return engine.describeEndReason ? engine.describeEndReason(endReason, { names, viewer: null, lang }) : endReason
}
