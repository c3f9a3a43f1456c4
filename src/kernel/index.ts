// The kernel every engine builds on: the contract, seeded randomness, events, action ids, slugs, rule violations, the
// registry.
export * from './engine.ts'
export * from './encoding.ts'
export * from './rule-violation.ts'
export * from './random.ts'
export * from './events.ts'
export * from './action-id.ts'
export * from './slug.ts'
export * from './registry.ts'
export * from './language.ts'
export * from './card-sets.ts'
