// The committed SDK types are exactly what scripts/generate-sdk.ts makes of schema.graphql and the engines' schemas.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateSdk, graphqlTypes } from '../../scripts/generate-sdk.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

describe('generated SDK types', () => {
  it('match the committed files (run npm run generate:sdk)', async () => {
    for (const { file, content } of await generateSdk()) {
      const committed = readFileSync(path.join(ROOT, file), 'utf8')
      expect(committed, `${file} is stale: run npm run generate:sdk`).toBe(content)
    }
  })

  it('give every type, input and enum, with descriptions as JSDoc and nullable inputs optional', () => {
    const out = graphqlTypes(`
      "A thing."
      type Thing { id: ID!, tags: [String!], child(depth: Int!): Thing }
      input ThingInput { name: String!, "How many." count: Int }
      enum Colour { "Like the sky." BLUE RED }
      scalar JSON
      type Query { thing(id: ID!): Thing, blob: JSON! }
    `)
    expect(out).toContain(
      '/** A thing. */\nexport interface Thing {\n  id: string\n  tags: Array<string> | null\n  child: Thing | null\n}',
    )
    expect(out).toContain('export interface ThingChildArgs {\n  depth: number\n}')
    expect(out).toContain(
      'export interface ThingInput {\n  name: string\n  /** How many. */\n  count?: number | null\n}',
    )
    expect(out).toContain("/** - `BLUE`: Like the sky. */\nexport type Colour = 'BLUE' | 'RED'")
    expect(out).toContain('export type JSONValue = unknown')
    expect(out).toContain('export interface QueryThingArgs {\n  id: string\n}')
  })
})
