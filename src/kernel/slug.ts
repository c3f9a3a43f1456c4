/**
 * The card id convention of the API: decomposed Unicode with accents dropped, lowercase, apostrophes
 * removed, every other run of non-alphanumerics a single '-'.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
