/**
 * Validation rules: costly documents refused with QUERY_TOO_COMPLEX (graphql-armor and a root-field cap), and the
 * introspection switch.
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import type { Limits } from '../limits.ts'

export const TOO_COMPLEX = 'QUERY_TOO_COMPLEX'

function refuse(ctx: ValidationContext | null, message: string): void {
  ctx?.reportError(new GraphQLError(message, { extensions: { code: TOO_COMPLEX } }))
}

// armor's rules throw their own error unless told not to; this reports ours, with a code, instead.
const armor = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [
    (ctx: ValidationContext | null, err: GraphQLError) => refuse(ctx, err.message.replace(/^Syntax Error: /, '')),
  ],
}

/** Counts an operation's top-level fields, through fragments spread at the top level. */
function rootFields(set: SelectionSetNode, ctx: ValidationContext, seen: Set<string>): number {
  let n = 0
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) n++
    else if (s.kind === Kind.INLINE_FRAGMENT) n += rootFields(s.selectionSet, ctx, seen)
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value)
      const f = ctx.getFragment(s.name.value)
      if (f) n += rootFields(f.selectionSet, ctx, seen)
    }
  }
  return n
}

function maxRootFieldsRule(max: number): ValidationRule {
  return (ctx): ASTVisitor => ({
    OperationDefinition(op) {
      const n = rootFields(op.selectionSet, ctx, new Set())
      if (n > max) refuse(ctx, `Root fields limit of ${max} exceeded, found ${n}.`)
    },
  })
}

export function limitRules(limits: Limits): ValidationRule[] {
  return [
    maxRootFieldsRule(limits.graphqlRootFields),
    maxAliasesRule({ ...armor, n: limits.graphqlAliases }) as ValidationRule,
    maxDepthRule({ ...armor, n: limits.graphqlDepth, flattenFragments: true }) as ValidationRule,
    costLimitRule({ ...armor, maxCost: limits.graphqlCost }) as ValidationRule,
  ]
}

/**
 * GRAPHQL_INTROSPECTION=false: refuses `__schema` and `__type` (graphql-js's NoSchemaIntrospectionCustomRule
 * does the same, but through type helpers that fail when a second copy of graphql-js is loaded).
 */
export const noIntrospectionRule: ValidationRule = ctx => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      ctx.reportError(
        new GraphQLError(
          `GraphQL introspection is disabled on this server, but the query contained ${node.name.value}.`,
          { nodes: node },
        ),
      )
    }
  },
})

/** graphql-js's own message when `maxTokens` stops the parser. */
export function isTokenLimitError(message: string): boolean {
  return /^Syntax Error: Document contains more th\w+ \d+ tokens/.test(message)
}
