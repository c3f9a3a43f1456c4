import { GraphQLScalarType, valueFromASTUntyped } from 'graphql'

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
})
