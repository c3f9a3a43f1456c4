// The built-in bots: random, greedy and ismcts, for any engine that implements what each needs.
export { chooseAction } from './choose.ts'
export { botKinds, missingFor, UnsupportedBotError } from './kinds.ts'
export {
  DEFAULT_ROLLOUT_DEPTH,
  defaultRolloutDepth,
  iterationsFor,
  rolloutWorkFor,
  strongestWithin,
  type BotChoice,
} from './budget.ts'
export { BOT_KINDS, botKindSchema, botOptionsSchema, DEFAULT_STRENGTH, type BotKind, type BotOptions } from './spec.ts'
