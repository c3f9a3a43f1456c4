/** Who is calling: the bearer secret of the request (a seat token or a player key), if any. */
export interface Caller {
  token?: string | null
}
