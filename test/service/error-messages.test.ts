// Every error code the server sends has a summary in the service's message catalogues (which the language test keeps
// complete in every language).
import { describe, expect, it } from 'vitest'
import { API_ERROR_STATUS } from '../../src/api/api-error.ts'
import { GRAPHQL_ERROR_STATUS } from '../../src/api/graphql/errors.ts'
import { STATUS } from '../../src/api/rest/http-errors.ts'
import { errorMessage } from '../../src/service/language.ts'

describe('error summaries', () => {
  it('each code of the REST, API and GraphQL tables is summarised in Turkish and Portuguese, ahead of the English details', () => {
    for (const code of Object.keys({ ...STATUS, ...API_ERROR_STATUS, ...GRAPHQL_ERROR_STATUS })) {
      for (const lang of ['tr', 'pt-BR'] as const) {
        const message = errorMessage(code, 'details', lang)
        expect(message, `${code} in ${lang}`).toMatch(/^.+ \(details\)$/)
      }
    }
  })
})
