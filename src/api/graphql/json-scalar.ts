/**
 * The JSON scalar: any JSON value, nested no deeper than MAX_JSON_DEPTH (refused BAD_USER_INPUT, in a variable or
 * inline).
 */
import { GraphQLScalarType, valueFromASTUntyped } from 'graphql'
import { refuseDeepJson } from '../json-depth.ts'

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: v => v,
  parseValue: v => {
    refuseDeepJson(v, 'a JSON argument')
    return v
  },
  parseLiteral: (ast, variables) => {
    const v = valueFromASTUntyped(ast, variables)
    refuseDeepJson(v, 'a JSON argument')
    return v
  },
})
