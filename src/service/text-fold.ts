// Folding for comparisons of card text: lowercase, Unicode NFD with the combining marks removed ("Mjölnir" →
// "mjolnir").

/** `text` lowercased, decomposed, without combining marks: what every card search compares. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/**
 * A card reference folded for lookup: runs of spaces are one space, and "Name — Subtitle" (or " - ") is "Name:
 * Subtitle".
 */
export function foldRef(ref: string): string {
  return fold(ref)
    .replace(/\s*(?:[—–]|\s-\s|:)\s*/g, ': ')
    .replace(/\s+/g, ' ')
    .trim()
}
