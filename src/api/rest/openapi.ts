/**
 * Route schemas for the OpenAPI document: zod schemas converted for OpenAPI 3.0, typed answers, error answers,
 * examples.
 */
import { z } from 'zod'
import { API_ERROR_STATUS } from '../api-error.ts'
import { errorView } from '../../service/views.ts'
import type { ErrorCode } from '../../service/index.ts'
import { STATUS } from './http-errors.ts'

type JsonSchema = Record<string, unknown>

/** A zod schema as an OpenAPI 3.0 schema object; `example` becomes the media type's example. */
export function openapi(schema: z.ZodType, io: 'input' | 'output', example?: unknown): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io }) as JsonSchema
  return example === undefined ? out : { ...out, examples: [example] }
}

const errorSchema = openapi(errorView, 'output')

// Every route may answer these: a body Fastify itself refuses, a client over its rate limit, the database away.
const ALWAYS: string[] = ['BAD_USER_INPUT', 'RATE_LIMITED', 'UNAVAILABLE']
const STATUS_OF: Record<string, number> = { ...STATUS, ...API_ERROR_STATUS }
// A body over the size limit is BAD_USER_INPUT too, with its own status.
const EXTRA_STATUS: Record<string, number[]> = { BAD_USER_INPUT: [413] }

/** The `response` of a route schema: its answer and one entry per error status, naming the codes it carries. */
export function responses(
  ok: { status?: number; schema: z.ZodType; description: string; example?: unknown },
  codes: ErrorCode[] = [],
  body = false,
): Record<string, unknown> {
  const byStatus = new Map<number, string[]>()
  for (const code of [...ALWAYS, ...codes]) {
    const statuses = [STATUS_OF[code]!, ...(body ? (EXTRA_STATUS[code] ?? []) : [])]
    for (const s of statuses) byStatus.set(s, [...new Set([...(byStatus.get(s) ?? []), code])])
  }
  const out: Record<string, unknown> = {
    [ok.status ?? 200]: { ...openapi(ok.schema, 'output', ok.example), description: ok.description },
  }
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b))
    out[status] = { ...errorSchema, description: `Error: ${list.join(', ')}` }
  return out
}

/** A response that is a stream of NDJSON lines, each one `line`. */
export function ndjson(line: z.ZodType, description: string, codes: ErrorCode[]): Record<string, unknown> {
  const { 200: _json, ...errors } = responses({ schema: line, description }, codes)
  return { 200: { description, content: { 'application/x-ndjson': { schema: openapi(line, 'output') } } }, ...errors }
}
