// Arbiter's GraphiQL: queries and mutations over HTTP POST /graphql, subscriptions over a WebSocket on the
// same path (graphql-transport-ws, the protocol of graphql-ws), both with the headers of the header editor.
/* global React, ReactDOM, GraphiQL, graphqlWs */
'use strict'

const DEFAULT_QUERY = `# Arbiter's GraphQL API. Run with Ctrl-Enter or ▶.
#
# Headers (below): put a seat token (createMatch)
# or a player key (createPlayer) in Authorization
# to act as that seat or player. Without one you
# are a spectator: no hand, no hidden card.
#
# Subscriptions run here too, over a WebSocket:
#   subscription {
#     matchUpdated(matchId: "…") { version toAct }
#   }
# Schema: the Docs pane (book icon). REST: /docs.

query Games {
  games {
    id name minSeats maxSeats bots
    sampleDecks { name }
  }
}
`

// Spaces make it no bearer token at all, so until it is replaced requests are a spectator's.
const DEFAULT_HEADERS = `{
  "Authorization": "Bearer <seat token or player key>"
}`

const wsUrl = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`

// The server reads the Authorization of a subscription from the connection_init payload, which is fixed
// for a connection: each distinct set of headers gets its own (lazy) client. A replaced client closes by
// itself once its last subscription ends.
let current = { key: null, fetcher: null }
function fetcherFor(headers) {
  const key = JSON.stringify(headers ?? {})
  if (current.key !== key) {
    const wsClient = graphqlWs.createClient({ url: wsUrl, connectionParams: headers ?? {} })
    current = { key, fetcher: GraphiQL.createFetcher({ url: '/graphql', wsClient }) }
  }
  return current.fetcher
}

function fetcher(params, options) {
  return fetcherFor(options?.headers)(params, options)
}

// ?query=…&variables=…&headers=…&operationName=… open GraphiQL on a given operation (shareable links).
const search = new URLSearchParams(location.search)
const fromUrl = name => search.get(name) ?? undefined

const logo = React.createElement(
  GraphiQL.Logo,
  null,
  React.createElement('a', { href: '/', title: 'Arbiter home' }, 'Arbiter'),
)

ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(
    GraphiQL,
    {
      fetcher,
      defaultQuery: DEFAULT_QUERY,
      defaultHeaders: DEFAULT_HEADERS,
      defaultEditorToolsVisibility: 'headers',
      query: fromUrl('query'),
      variables: fromUrl('variables'),
      headers: fromUrl('headers'),
      operationName: fromUrl('operationName'),
    },
    logo,
  ),
)
