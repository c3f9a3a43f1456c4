/** Reads batched per turn of the event loop: what many readers ask in one turn reaches the database as one query. */
import DataLoader from 'dataloader'

/**
 * A loader whose loads asked for in the same turn of the event loop (not only in one tick) reach `many` as one batch.
 * Nothing is cached: each turn reads afresh.
 */
export function turnLoader<K, V>(many: DataLoader.BatchLoadFn<K, V>, maxBatchSize?: number): DataLoader<K, V> {
  return new DataLoader<K, V>(many, {
    cache: false,
    batchScheduleFn: run => setImmediate(run),
    ...(maxBatchSize !== undefined && { maxBatchSize }),
  })
}

/** Each id's value in `rows` (rows carry `id`), in the order of `ids`; null where no row has it. */
export function inOrderOf<R extends { id: string }, V>(
  ids: readonly string[],
  rows: readonly R[],
  value: (row: R) => V,
): (V | null)[] {
  const byId = new Map(rows.map(r => [r.id, value(r)]))
  return ids.map(id => byId.get(id) ?? null)
}
