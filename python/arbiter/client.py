"""Client: one method per REST operation (snake_case), both NDJSON streams with reconnection, and the bot loops
`play` and `on_my_turn` (as the TypeScript SDK's)."""
import json
import os
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from http.client import HTTPException

from .errors import ArbiterError

# Refusals after which a bot decides again on the newer version (another seat's action came first).
REFUSALS = {"NOT_YOUR_DECISION", "ILLEGAL_ACTION", "BAD_USER_INPUT", "VERSION_CONFLICT"}
# The server writes a blank keep-alive line every 20 s: a stream silent for longer than this is reopened.
STREAM_IDLE_SECONDS = 60


def _ended(match):
    return match["status"] in ("FINISHED", "ABORTED")


def _drop_none(d):
    return {k: v for k, v in d.items() if v is not None}


class Client:
    """`url` (default ARBITER_URL, else http://localhost:3000); `key` a player key or `token` a seat token (both
    sent as the bearer token; a call may pass its own `token=`)."""

    def __init__(self, url=None, key=None, token=None, timeout=30):
        self.url = (url or os.environ.get("ARBITER_URL") or "http://localhost:3000").rstrip("/")
        self.key = key
        self.token = token
        self.timeout = timeout

    # -- HTTP ---------------------------------------------------------------------------------------------------------
    def _open(self, method, path, body=None, query=None, token=None, timeout=None):
        url = self.url + path
        if query:
            q = {k: ("true" if v is True else "false" if v is False else v) for k, v in query.items() if v is not None}
            if q:
                url += "?" + urllib.parse.urlencode(q, doseq=True)
        headers = {"accept": "application/json"}
        bearer = token or self.token or self.key
        if bearer:
            headers["authorization"] = f"Bearer {bearer}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            return urllib.request.urlopen(req, timeout=timeout or self.timeout)
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = {"code": "HTTP_ERROR", "message": raw.decode(errors="replace")[:200]}
            raise ArbiterError.from_body(parsed, e.code) from None

    def _call(self, method, path, body=None, query=None, token=None):
        with self._open(method, path, body, query, token) as res:
            raw = res.read()
        return json.loads(raw) if raw else None

    @staticmethod
    def _id(value):
        return urllib.parse.quote(str(value), safe="")

    # -- games and decks ----------------------------------------------------------------------------------------------
    def list_games(self):
        return self._call("GET", "/api/games")

    def game(self, game_id):
        return self._call("GET", f"/api/games/{self._id(game_id)}")

    def list_cards(self, game_id, **query):
        return self._call("GET", f"/api/games/{self._id(game_id)}/cards", query=query)

    def validate_deck(self, game_id, deck):
        return self._call("POST", f"/api/games/{self._id(game_id)}/validate-deck", {"deck": deck})

    def save_deck(self, game, name, deck):
        return self._call("POST", "/api/decks", {"game": game, "name": name, "deck": deck})

    def deck(self, deck_id):
        return self._call("GET", f"/api/decks/{self._id(deck_id)}")

    def update_deck(self, deck_id, name=None, deck=None, token=None):
        return self._call("PATCH", f"/api/decks/{self._id(deck_id)}", _drop_none({"name": name, "deck": deck}), token=token)

    def delete_deck(self, deck_id, token=None):
        return self._call("DELETE", f"/api/decks/{self._id(deck_id)}", token=token)

    def my_decks(self, game=None):
        return self._call("GET", "/api/players/me/decks", query={"game": game})

    # -- matches ------------------------------------------------------------------------------------------------------
    def create_match(self, game, seats, seed=None, options=None, clock=None, public=None):
        """-> {"match", "seats": [{"seat", "token"}], "invites"}"""
        return self._call("POST", "/api/matches", _drop_none({"game": game, "seats": seats, "seed": seed, "options": options, "clock": clock, "public": public}))

    def match(self, match_id, seat=None, min_version=None, token=None):
        return self._call("GET", f"/api/matches/{self._id(match_id)}", query={"seat": seat, "minVersion": min_version}, token=token)

    def match_log(self, match_id, after=None, limit=None, token=None):
        return self._call("GET", f"/api/matches/{self._id(match_id)}/log", query={"after": after, "limit": limit}, token=token)

    def transcript(self, match_id, token=None):
        return self._call("GET", f"/api/matches/{self._id(match_id)}/transcript", token=token)

    def legal_actions(self, match_id, seat=None, token=None):
        return self._call("GET", f"/api/matches/{self._id(match_id)}/legal-actions", query={"seat": seat}, token=token)

    def submit_action(self, match_id, action=None, action_id=None, expected_version=None, idempotency_key=None, seat=None, token=None):
        """-> {"match", "events", "legalActions"}; give exactly one of `action` and `action_id`."""
        body = _drop_none({"action": action, "actionId": action_id, "expectedVersion": expected_version, "idempotencyKey": idempotency_key, "seat": seat})
        return self._call("POST", f"/api/matches/{self._id(match_id)}/actions", body, token=token)

    def join_match(self, match_id, invite_code=None, deck=None, deck_id=None, name=None, entropy=None, seat=None, token=None):
        body = _drop_none({"inviteCode": invite_code, "deck": deck, "deckId": deck_id, "name": name, "entropy": entropy, "seat": seat})
        return self._call("POST", f"/api/matches/{self._id(match_id)}/join", body, token=token)

    def _seat_op(self, op, match_id, seat, token):
        return self._call("POST", f"/api/matches/{self._id(match_id)}/{op}", _drop_none({"seat": seat}), token=token)

    def leave_match(self, match_id, seat=None, token=None):
        return self._seat_op("leave", match_id, seat, token)

    def decline_invitation(self, match_id, seat=None, token=None):
        return self._seat_op("decline", match_id, seat, token)

    def resign(self, match_id, seat=None, token=None):
        return self._seat_op("resign", match_id, seat, token)

    def abort(self, match_id, seat=None, token=None):
        return self._seat_op("abort", match_id, seat, token)

    def offer_rematch(self, match_id, seat=None, token=None):
        return self._seat_op("rematch", match_id, seat, token)

    def export_match(self, match_id):
        return self._call("GET", f"/api/matches/{self._id(match_id)}/export")

    def verify_match(self, match_id):
        return self._call("GET", f"/api/matches/{self._id(match_id)}/verify")

    def open_matches(self, game=None):
        return self._call("GET", "/api/open-matches", query={"game": game})

    # -- players ------------------------------------------------------------------------------------------------------
    def create_player(self, name, bot=False):
        """-> {"player", "key"} (the key is shown only here)."""
        return self._call("POST", "/api/players", {"name": name, "bot": bot})

    def me(self):
        return self._call("GET", "/api/players/me")

    def rotate_player_key(self):
        return self._call("POST", "/api/players/me/key")

    def set_webhook(self, url, secret=None):
        return self._call("PUT", "/api/players/me/webhook", _drop_none({"url": url, "secret": secret}))

    def block_invitations(self, player_id, blocked=True):
        return self._call("POST", f"/api/players/{self._id(player_id)}/block-invitations", {"blocked": blocked})

    def webhook_deliveries(self, limit=None):
        return self._call("GET", "/api/players/me/webhook-deliveries", query={"limit": limit})

    def my_matches(self, status=None, to_act=None):
        return self._call("GET", "/api/players/me/matches", query={"status": status, "toAct": to_act})

    # -- streams ------------------------------------------------------------------------------------------------------
    def _lines(self, path, query, token, fresh, last, idle, on_connect=None):
        """The JSON lines of an NDJSON stream, reopened after a dropped or silent connection, skipping what `fresh`
        refuses; ends after an item `last` accepts. A refusal (4xx but 429) is raised, not retried."""
        attempt = 0
        while True:
            try:
                with self._open("GET", path, query=query, token=token, timeout=idle) as res:
                    if on_connect:
                        on_connect()
                    for raw in res:
                        line = raw.strip()
                        if not line:
                            continue  # keep-alive
                        attempt = 0
                        item = json.loads(line)
                        if not fresh(item):
                            continue
                        yield item
                        if last(item):
                            return
            except ArbiterError as e:
                if 400 <= e.status < 500 and e.status != 429:
                    raise
            except (OSError, socket.timeout, HTTPException, ValueError):
                pass  # a lost or silent connection: open it again
            time.sleep(min(5.0, 0.1 * 2**attempt))
            attempt += 1

    def match_stream(self, match_id, seat=None, token=None, idle=STREAM_IDLE_SECONDS):
        """The caller's match now, then after every action, until it ends (versions already seen are skipped)."""
        seen = [-1]

        def fresh(m):
            if m["version"] <= seen[0]:
                return False
            seen[0] = m["version"]
            return True

        return self._lines(f"/api/matches/{self._id(match_id)}/stream", {"seat": seat}, token, fresh, _ended, idle)

    def player_events(self, idle=STREAM_IDLE_SECONDS, on_connect=None):
        """The player's events across its matches (player key), never one twice; `on_connect` is told of each connection."""
        seen = set()

        def fresh(e):
            ident = f"{e['type']}|{e.get('matchId') or ''}|{(e.get('match') or {}).get('version', e.get('at'))}"
            if ident in seen:
                return False
            seen.add(ident)
            return True

        return self._lines("/api/players/me/stream", None, None, fresh, lambda e: False, idle, on_connect)

    # -- bot loops ----------------------------------------------------------------------------------------------------
    def play(self, match_id, decide, seat=None, token=None):
        """Plays the caller's seat of a match to the end, asking `decide({"view", "legal_actions", "match"})` at each
        decision (it returns one of `legal_actions` or its `id`); returns the finished match."""
        turns = _Turns(self, decide, seat, token)
        latest = None
        for pushed in self.match_stream(match_id, seat=seat, token=token):
            if latest is not None and pushed["version"] <= latest["version"]:
                continue
            latest = turns.take(pushed)
            if _ended(latest):
                return latest
        raise ArbiterError("ABORTED", f"the stream of match {match_id} ended before the match")

    def on_my_turn(self, decide, on_finished=None, max_matches=None):
        """Plays every match of the player (key) as its turns come, over the player stream, catching up on every
        (re)connection. Runs until `max_matches` matches have finished (forever without it)."""
        turns = {}
        finished = set()

        def act(match_id, seat, known):
            if match_id in finished:
                return
            t = turns.setdefault(match_id, _Turns(self, decide, seat))
            current = known or self.match(match_id, seat=seat)
            after = t.take(current)
            if _ended(after):
                finish(after)

        def finish(match):
            if match["id"] in finished:
                return
            finished.add(match["id"])
            turns.pop(match["id"], None)
            if on_finished:
                on_finished(match)

        def catch_up():
            for m in self.my_matches(to_act=True):
                act(m["id"], m.get("seat"), m)

        for event in self.player_events(on_connect=catch_up):
            match = event.get("match")
            if event["type"] == "yourTurn" and event.get("matchId"):
                act(event["matchId"], (match or {}).get("seat"), match)
            if event["type"] == "matchFinished" and match:
                finish(match)
            if max_matches is not None and len(finished) >= max_matches:
                return


class _Turns:
    """One match's turns: the last version decided, and the next choices a submit already returned."""

    def __init__(self, client, decide, seat=None, token=None):
        self.client, self.decide, self.seat, self.token = client, decide, seat, token
        self.decided = -1
        self.next = None

    def _must_act(self, match):
        seat = self.seat if self.seat is not None else match.get("seat")
        if seat is None:
            raise ArbiterError("UNAUTHENTICATED", "playing needs a seat token or a player key with a seat in this match")
        return not _ended(match) and match["version"] > self.decided and seat in match["toAct"]

    def take(self, match):
        while True:
            if not self._must_act(match):
                return match
            legal = match.get("legalActions")
            if legal is None and self.next and self.next[0] == match["version"]:
                legal = self.next[1]
            if legal is None:
                legal = self.client.legal_actions(match["id"], seat=self.seat, token=self.token)
            if not legal:
                return match
            choice = self.decide({"view": match["view"], "legal_actions": legal, "match": match})
            action_id = choice if isinstance(choice, str) else choice["id"]
            self.decided = match["version"]
            try:
                res = self.client.submit_action(match["id"], action_id=action_id, seat=self.seat, token=self.token)
                self.next = (res["match"]["version"], res["legalActions"])
                match = res["match"]
            except ArbiterError as e:
                if e.code not in REFUSALS:
                    raise
                now = self.client.match(match["id"], seat=self.seat, token=self.token)
                if now["version"] <= match["version"]:
                    raise
                match = now
