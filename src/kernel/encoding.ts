// Observation and action encodings (the engine contract's tensors): layouts, an observation writer and an action codec
// built from per-type slices.
import { z } from 'zod'
import { RuleViolation } from './rule-violation.ts'

export const encodingSliceSchema = z.object({
  name: z.string(),
  offset: z.number().int().min(0),
  length: z.number().int().min(1),
  description: z.string(),
})
export type EncodingSlice = z.infer<typeof encodingSliceSchema>

export const encodingLayoutSchema = z
  .object({ size: z.number().int().min(1), slices: z.array(encodingSliceSchema) })
  .describe('A fixed-length vector as consecutive named slices covering 0..size-1')
export type EncodingLayout = z.infer<typeof encodingLayoutSchema>

/** One named feature of an observation: `write` fills `length` floats from `at` (the vector starts at zero). */
export interface ObservationFeature<View> {
  name: string
  length: number
  description: string
  write(view: View, out: Float32Array, at: number): void
}

/** Lays features out one after the other and encodes a view into a vector; a non-finite value written becomes 0. */
export function observationEncoder<View>(features: ObservationFeature<View>[]): {
  observationShape: EncodingLayout
  encodeObservation(view: View): Float32Array
} {
  let offset = 0
  const slices: EncodingSlice[] = []
  for (const f of features) {
    slices.push({ name: f.name, offset, length: f.length, description: f.description })
    offset += f.length
  }
  const size = offset
  return {
    observationShape: { size, slices },
    encodeObservation(view: View): Float32Array {
      const out = new Float32Array(size)
      for (let i = 0; i < features.length; i++) features[i]!.write(view, out, slices[i]!.offset)
      for (let i = 0; i < size; i++) if (!Number.isFinite(out[i]!)) out[i] = 0
      return out
    },
  }
}

/** Writes a 1 at `at + k` when 0 <= k < length (an out-of-range k writes nothing). */
export function oneHot(out: Float32Array, at: number, length: number, k: number): void {
  if (Number.isInteger(k) && k >= 0 && k < length) out[at + k] = 1
}

/** Adds 1 at `at + index.get(id)` for each id (a multiset of card ids as counts over a fixed card list). */
export function countIds(
  out: Float32Array,
  at: number,
  index: ReadonlyMap<string, number>,
  ids: Iterable<string>,
): void {
  for (const id of ids) {
    const k = index.get(id)
    if (k !== undefined) out[at + k]! += 1
  }
}

/** The position of each id in `ids`, for one-hots and counts over a fixed list. */
export function indexOf(ids: readonly string[]): ReadonlyMap<string, number> {
  return new Map(ids.map((id, i) => [id, i]))
}

/**
 * One action type's slice: `keys × variants` indices. `key` maps an action's parameters to a number in [0, keys) with a
 * fixed meaning (a hand position, a dice bitmask, a card of the card list…); actions of this type listed in one state
 * with the same key take the variants 0, 1, … in the engine's listing order (a variant then means "the n-th such
 * choice as listed"). With `variants` 1 (the default) the key alone is the offset.
 */
export interface ActionSliceSpec<State, Action> {
  type: string
  keys: number
  variants?: number
  description: string
  key(state: State, seat: number, action: Action): number
}

/** The auto-pass switch every engine lists (`setAutoPass`): one slice of two offsets, the same in each action space. */
export const autoPassSlice: ActionSliceSpec<unknown, { type: string }> = {
  type: 'setAutoPass',
  keys: 2,
  description: 'offset 1: turn auto-pass on; offset 0: off',
  key: (_state, _seat, action) => ((action as { type: string; on?: boolean }).on ? 1 : 0),
}

/** The six encoding members of the engine contract, from an engine's observation encoder and action codec. */
export function encodingMembers<View, State, Action>(
  encoder: ReturnType<typeof observationEncoder<View>>,
  codec: ActionCodec<State, Action>,
) {
  return {
    observationShape: encoder.observationShape,
    encodeObservation: encoder.encodeObservation,
    actionSpace: codec.actionSpace,
    actionIndex: codec.actionIndex,
    actionFromIndex: codec.actionFromIndex,
    legalMask: codec.legalMask,
  }
}

export interface ActionCodec<State, Action> {
  actionSpace: EncodingLayout
  actionIndex(state: State, seat: number, action: Action): number
  actionFromIndex(state: State, seat: number, index: number): Action | null
  legalMask(state: State, seat: number): Uint8Array
  /** The listed actions with their indices, in the engine's order. */
  indexed(state: State, seat: number): { actions: Action[]; indices: number[] }
}

/**
 * The codec behind an engine's `legalMask`, for callers that step many environments (`arbiter engine --stdio`): the
 * listed actions with their indices in one pass, without a full-size mask to allocate and scan. Undefined for an engine
 * whose encodings are not built with `actionCodec`.
 */
const INDEXERS = new WeakMap<object, (state: never, seat: number) => { actions: BaseActionLike[]; indices: number[] }>()
type BaseActionLike = { type: string }

export function legalIndexer(
  legalMask: object,
): ((state: unknown, seat: number) => { actions: BaseActionLike[]; indices: number[] }) | undefined {
  return INDEXERS.get(legalMask) as
    ((state: unknown, seat: number) => { actions: BaseActionLike[]; indices: number[] }) | undefined
}

/** Keys sorted, so that two spellings of one action compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map(k => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  )
}

/**
 * Builds the action space of an engine from one slice per action type (in the order given) and its `legalActions`.
 * Throws (an engine fault, caught by the contract tests) when a listed action falls outside its slice: its key out of
 * range or more variants than the slice holds.
 */
export function actionCodec<State, Action extends { type: string }>(
  gameId: string,
  listed: (state: State, seat: number) => Action[],
  specs: ActionSliceSpec<State, Action>[],
): ActionCodec<State, Action> {
  const byType = new Map<string, { spec: ActionSliceSpec<State, Action>; offset: number; variants: number }>()
  const slices: EncodingSlice[] = []
  let offset = 0
  for (const spec of specs) {
    const variants = spec.variants ?? 1
    const length = spec.keys * variants
    byType.set(spec.type, { spec, offset, variants })
    slices.push({ name: spec.type, offset, length, description: spec.description })
    offset += length
  }
  const size = offset

  function indexed(state: State, seat: number): { actions: Action[]; indices: number[] } {
    const actions = listed(state, seat)
    const indices: number[] = []
    const used = new Map<number, number>()
    for (const action of actions) {
      const entry = byType.get(action.type)
      if (!entry) throw new Error(`${gameId}: action type ${action.type} has no slice in the action space`)
      const key = entry.spec.key(state, seat, action)
      if (!Number.isInteger(key) || key < 0 || key >= entry.spec.keys) {
        throw new Error(`${gameId}: ${action.type} key ${key} is outside 0..${entry.spec.keys - 1}`)
      }
      const base = entry.offset + key * entry.variants
      const variant = used.get(base) ?? 0
      if (variant >= entry.variants)
        throw new Error(`${gameId}: more than ${entry.variants} ${action.type} actions share key ${key}`)
      used.set(base, variant + 1)
      indices.push(base + variant)
    }
    return { actions, indices }
  }

  const legalMask = (state: State, seat: number): Uint8Array => {
    const mask = new Uint8Array(size)
    for (const i of indexed(state, seat).indices) mask[i] = 1
    return mask
  }
  INDEXERS.set(legalMask, indexed as never)
  return {
    actionSpace: { size, slices },
    indexed,
    legalMask,
    actionIndex(state, seat, action) {
      const { actions, indices } = indexed(state, seat)
      let at = actions.indexOf(action)
      if (at < 0) {
        const wanted = canonical(action)
        at = actions.findIndex(a => canonical(a) === wanted)
      }
      if (at < 0)
        throw new RuleViolation(
          'ILLEGAL_ACTION',
          'ENCODING',
          'this action is not listed for this seat now, so it has no index',
        )
      return indices[at]!
    },
    actionFromIndex(state, seat, index) {
      const { actions, indices } = indexed(state, seat)
      const at = indices.indexOf(index)
      return at < 0 ? null : actions[at]!
    },
  }
}
