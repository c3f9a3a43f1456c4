"""ArbiterAECEnv (PettingZoo AEC style) and ArbiterGymEnv (Gymnasium style, one agent against built-in bots) over
`arbiter engine --stdio`; duck-typed, so they work with those libraries when present and need neither."""
import base64
import itertools
import math
import random
import sys
from array import array

from .engine import EngineProcess
from .errors import ArbiterError

try:  # numpy is optional: vectors are then lists
    import numpy as _np
except ImportError:  # pragma: no cover - depends on the machine
    _np = None

try:  # gymnasium is optional: spaces are then the small classes below
    from gymnasium import spaces as _spaces
except ImportError:
    _spaces = None

_counter = itertools.count()


class Box:
    """A vector space without gymnasium: `shape`, `dtype`, `low`/`high`, `sample()`, `contains()`."""

    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def sample(self):
        lo = max(self.low, -1.0)
        hi = min(self.high, 1.0)
        return [random.uniform(lo, hi) for _ in range(self.shape[0])]

    def contains(self, x):
        return len(x) == self.shape[0]


class Discrete:
    """An action space without gymnasium: `n`, `shape`, `sample(mask=None)` (a legal index when given a mask)."""

    def __init__(self, n):
        self.n = n
        self.shape = ()

    def sample(self, mask=None):
        if mask is None:
            return random.randrange(self.n)
        legal = [i for i, m in enumerate(mask) if m]
        return random.choice(legal)

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n


class DictSpace:
    """A dict of spaces without gymnasium (`spaces`, item access)."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]


def _vector_space(size):
    if _spaces is not None:
        return _spaces.Box(low=-math.inf, high=math.inf, shape=(size,), dtype=_np.float32)
    return Box(-math.inf, math.inf, (size,), "float32")


def _mask_space(size):
    if _spaces is not None:
        return _spaces.Box(low=0, high=1, shape=(size,), dtype=_np.int8)
    return Box(0, 1, (size,), "int8")


def _discrete(n):
    return _spaces.Discrete(n) if _spaces is not None else Discrete(n)


# The environments ask for observations as base64 float32 (format "base64"): far cheaper to write and read than JSON.
FORMAT = "base64"


def vector(values):
    """The observation vector (a JSON list, or base64 little-endian float32): a float32 numpy array when numpy is
    importable, else the list of floats."""
    if isinstance(values, str):
        raw = base64.b64decode(values)
        if _np is not None:
            return _np.frombuffer(raw, dtype="<f4").astype(_np.float32)
        floats = array("f")
        floats.frombytes(raw)
        if sys.byteorder != "little":
            floats.byteswap()
        return floats.tolist()
    if _np is not None:
        return _np.asarray(values, dtype=_np.float32)
    return [float(v) for v in values]


def mask(size, indices):
    """0/1 of length `size`, 1 at `indices`: an int8 numpy array when numpy is importable, else a list of ints."""
    if _np is not None:
        out = _np.zeros(size, dtype=_np.int8)
        if indices:
            out[indices] = 1
        return out
    out = [0] * size
    for i in indices:
        out[i] = 1
    return out


def _seed(seed):
    return None if seed is None else str(seed)


def _parse_bot(spec):
    """"random", "greedy", "ismcts" or "ismcts:5" (a strength 1..10) -> the engine's bot object."""
    kind, _, strength = str(spec).partition(":")
    return {"kind": kind, **({"strength": int(strength)} if strength else {})}


class _Game:
    """What both environments share: an engine process (own or shared), a game's layouts and an env id."""

    def __init__(self, game, command, engine):
        self._own = engine is None
        self.engine = engine if engine is not None else EngineProcess(command)
        games = self.engine.info()
        if game not in games:
            raise ArbiterError("BAD_USER_INPUT", f"unknown game {game!r} (known: {', '.join(games)})")
        self.game = game
        self.spec = games[game]
        self.observation_size = self.spec["observationShape"]["size"]
        self.action_size = self.spec["actionSpace"]["size"]
        self.env_id = f"py-{next(_counter)}-{id(self)}"

    def close(self):
        try:
            self.engine.request({"op": "close", "env": self.env_id})
        except ArbiterError:
            pass
        if self._own:
            self.engine.close()


class ArbiterAECEnv:
    """A PettingZoo-AEC-style environment: every seat is an agent ("player_0"...), one decides at a time.

    `last()` returns `({"observation": vector, "action_mask": mask}, reward, termination, truncation, info)` for
    `agent_selection`; `step(index)` applies an index of the action space (None for an agent that is done). At the end
    each winning seat gets +1, every other seat -1 (0 for all in a game without winners)."""

    metadata = {"render_modes": [], "name": "arbiter_aec_v0", "is_parallelizable": False}

    def __init__(self, game, seats=None, decks=None, options=None, command=None, engine=None):
        self._game = _Game(game, command, engine)
        self.seats = seats or self._game.spec["seats"]["min"]
        self.decks = decks
        self.options = options
        self.possible_agents = [f"player_{i}" for i in range(self.seats)]
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self._answer = None

    @property
    def engine(self):
        return self._game.engine

    def observation_space(self, agent):
        spaces = {"observation": _vector_space(self._game.observation_size), "action_mask": _mask_space(self._game.action_size)}
        return _spaces.Dict(spaces) if _spaces is not None else DictSpace(spaces)

    def action_space(self, agent):
        return _discrete(self._game.action_size)

    def reset(self, seed=None, options=None):
        req = {"op": "reset", "env": self._game.env_id, "game": self._game.game, "seats": self.seats, "format": FORMAT}
        if seed is not None:
            req["seed"] = _seed(seed)
        if self.decks is not None:
            req["decks"] = self.decks
        merged = {**(self.options or {}), **(options or {})}
        if merged:
            req["options"] = merged
        answer = self.engine.call(req)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.seed_used = answer["seed"]
        self._take(answer)

    def _take(self, answer):
        """Reads a decision answer: who decides next, or the rewards at the end."""
        self._answer = answer
        for a in self.agents:
            self.rewards[a] = 0
        if answer["finished"]:
            winners = answer["winners"] or []
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = 0 if not winners else (1 if i in winners else -1)
                    self._cumulative_rewards[a] += self.rewards[a]
                    self.terminations[a] = True
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = f"player_{answer['seat']}"
            self.infos[self.agent_selection] = {"to_act": answer["toAct"]}

    def agent_iter(self, max_iter=2**63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _seat(self, agent):
        return int(agent.rsplit("_", 1)[1])

    def observe(self, agent):
        answer = self._answer
        if answer is not None and not answer["finished"] and agent == self.agent_selection and answer["observation"] is not None:
            return {"observation": vector(answer["observation"]), "action_mask": mask(self._game.action_size, answer["legalIndices"])}
        seen = self.engine.call({"op": "observe", "env": self._game.env_id, "seat": self._seat(agent), "format": FORMAT})
        return {"observation": vector(seen["observation"]), "action_mask": mask(self._game.action_size, seen["legalIndices"])}

    def last(self, observe=True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    def _step_request(self, action):
        """The engine request of `step(action)`, or None when the selected agent is done (handled here)."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise ArbiterError("BAD_USER_INPUT", f"{agent} is done: step(None)")
            self.agents.remove(agent)
            self.agent_selection = self.agents[0] if self.agents else None
            return None
        self._cumulative_rewards[agent] = 0
        return {"op": "step", "env": self._game.env_id, "action": int(action), "seat": self._seat(agent), "format": FORMAT}

    def step(self, action):
        req = self._step_request(action)
        if req is not None:
            self._take(self.engine.call(req))

    @staticmethod
    def step_many(envs, actions):
        """`env.step(action)` for each pair, in one message to the engine when they share an `EngineProcess` (many
        environments per round trip)."""
        pending = [(env, env._step_request(a)) for env, a in zip(envs, actions)]
        pending = [(env, req) for env, req in pending if req is not None]
        by_engine = {}
        for env, req in pending:
            by_engine.setdefault(id(env.engine), []).append((env, req))
        for group in by_engine.values():
            answers = group[0][0].engine.batch([req for _, req in group])
            for (env, _), answer in zip(group, answers):
                if not answer.get("ok"):
                    raise ArbiterError.from_body(answer.get("error"))
                env._take(answer)

    def render(self):
        return None

    def close(self):
        self._game.close()


class ArbiterGymEnv:
    """A Gymnasium-style single-agent environment: the agent plays `seat`, every other seat is the built-in bot
    `opponent` ("random", "greedy", "ismcts" or "ismcts:5"). `info["action_mask"]` is the mask of the agent's next
    decision; the reward is +1 for a win, -1 for a loss, 0 otherwise (and at every other step)."""

    metadata = {"render_modes": []}

    def __init__(self, game, opponent="random", seat=0, decks=None, options=None, command=None, engine=None, seats=None):
        self._game = _Game(game, command, engine)
        self.seat = seat
        self.seats = seats or self._game.spec["seats"]["min"]
        self.decks = decks
        self.options = options
        self.opponent = _parse_bot(opponent)
        self.observation_space = _vector_space(self._game.observation_size)
        self.action_space = _discrete(self._game.action_size)

    @property
    def engine(self):
        return self._game.engine

    def _result(self, answer):
        info = {"action_mask": mask(self._game.action_size, answer["legalIndices"]), "to_act": answer["toAct"], "winners": answer["winners"]}
        if answer["finished"] or answer["observation"] is None:
            seen = self.engine.call({"op": "observe", "env": self._game.env_id, "seat": self.seat, "format": FORMAT})
            return vector(seen["observation"]), info
        return vector(answer["observation"]), info

    def reset(self, seed=None, options=None):
        bots = [None if i == self.seat else self.opponent for i in range(self.seats)]
        req = {"op": "reset", "env": self._game.env_id, "game": self._game.game, "seats": self.seats, "bots": bots, "format": FORMAT}
        if seed is not None:
            req["seed"] = _seed(seed)
        if self.decks is not None:
            req["decks"] = self.decks
        merged = {**(self.options or {}), **(options or {})}
        if merged:
            req["options"] = merged
        answer = self.engine.call(req)
        observation, info = self._result(answer)
        info["seed"] = answer["seed"]
        return observation, info

    def step(self, action):
        answer = self.engine.call({"op": "step", "env": self._game.env_id, "action": int(action), "seat": self.seat, "format": FORMAT})
        observation, info = self._result(answer)
        reward = 0
        if answer["finished"]:
            winners = answer["winners"] or []
            reward = 0 if not winners else (1 if self.seat in winners else -1)
        return observation, reward, answer["finished"], False, info

    def render(self):
        return None

    def close(self):
        self._game.close()
