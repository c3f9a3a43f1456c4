/**
 * The actions of Cyber Net Cards: Recycle and place (CN-3.8, CN-6.5), activate, ability, Use, pass (CN-6.7–6.9,
 * CN-8.2), coal picks and auto-pass (Decisions 6, 10).
 */
export type CNAction =
  | { type: 'recycle'; card: number }
  | { type: 'place'; cards: number[] }
  /**
   * `target`: for a card that targets an equipped card (EMP Pulse), the uid the player chose.
   * `coal`: where the coal is paid from (one equipped card's uid per coal, sorted), listed only when there is a
   * choice (CN-5.6, Decision 6); without it the only possible payment is made.
   */
  | { type: 'activate'; card: number; turbo: boolean; burn: boolean; target?: number; coal?: number[] }
  /** The avatar's ability, which is its Unique Ability (CN-2.4, CN-4.1–4.4). */
  | { type: 'ability' }
  | { type: 'use'; card: number }
  | { type: 'pass' }
  /**
   * Breaks a coal tie (Decision 6): the tied equipped card that gets (or gives) the coal; listed only while one is
   * pending.
   */
  | { type: 'pickCoal'; card: number }
  /** Turns the seat's own auto-pass on or off (Decision 10); listed once per decision of the Action stage. */
  | { type: 'setAutoPass'; on: boolean }
