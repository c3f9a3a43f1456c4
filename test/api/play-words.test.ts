// The match page's catalogues (web/play/words/): every language has every key, with the same {places}.
import { readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'

const DIR = new URL('../../web/play/words/', import.meta.url)

async function catalogue(file: string): Promise<Record<string, string>> {
  const loaded: { default: Record<string, string> } = await import(pathToFileURL(new URL(file, DIR).pathname).href)
  return loaded.default
}

const places = (sentence: string) => [...sentence.matchAll(/\{(\w+)\}/g)].map(m => m[1]).sort()

describe('the match page catalogues', () => {
  test('there is one per language the service speaks', () => {
    expect(readdirSync(DIR).sort()).toEqual(['en.js', 'pt-BR.js', 'tr.js'])
  })

  test.each(['tr.js', 'pt-BR.js'])('%s has every English key and no other, each with the same places', async file => {
    const en = await catalogue('en.js')
    const other = await catalogue(file)
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort())
    for (const [key, sentence] of Object.entries(en)) {
      expect(typeof other[key], key).toBe('string')
      expect(other[key]!.trim(), key).not.toBe('')
      expect(places(other[key]!), key).toEqual(places(sentence))
    }
  })
})
