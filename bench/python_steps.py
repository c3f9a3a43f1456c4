"""`npm run bench` (BENCH_ONLY=python): a random agent's steps per second from Python, through `arbiter engine --stdio`
(batched over many environments) or over REST (self-play, both seats through the API). Prints one JSON line."""
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from arbiter import Client, EngineProcess  # noqa: E402
from arbiter.env import vector  # noqa: E402

OPTIONS = {"cyberpunk-tcg": {"concedeListed": False}}


def stdio(game, seconds, envs, observe):
    """Random steps over `envs` environments, one batch per round; with `observe` each answer carries the acting seat's
    observation (base64 float32, decoded to a vector as the environments do)."""
    rng = random.Random(1)
    options = OPTIONS.get(game, {})
    with EngineProcess() as engine:
        reset = lambda env: {"op": "reset", "env": env, "game": game, "options": options, "seed": str(rng.random()), "observe": observe, "format": "base64"}
        answers = engine.batch([reset(i) for i in range(envs)])
        steps = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            reqs = []
            for a in answers:
                if a["finished"]:
                    games += 1
                    reqs.append(reset(a["env"]))
                else:
                    reqs.append({"op": "step", "env": a["env"], "action": rng.choice(a["legalIndices"]), "observe": observe, "format": "base64"})
                    steps += 1
                    if observe:
                        vector(a["observation"])
            answers = engine.batch(reqs)
        return {"steps": steps, "games": games, "seconds": time.perf_counter() - start}


def rest(game, seconds, url):
    rng = random.Random(2)
    client = Client(url)
    deck = client.game(game)["sampleDecks"][0]["deck"]
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        created = client.create_match(game, [{"deck": deck}, {"deck": deck}], options=OPTIONS.get(game))
        tokens = [s["token"] for s in created["seats"]]
        match = created["match"]
        legal = None
        while match["status"] != "FINISHED" and time.perf_counter() - start < seconds:
            seat = match["toAct"][0]
            if legal is None:
                legal = client.legal_actions(match["id"], token=tokens[seat])
            result = client.submit_action(match["id"], action_id=rng.choice(legal)["id"], token=tokens[seat])
            match = result["match"]
            steps += 1
            # the next choices come with the result only for the seat that acted
            legal = result["legalActions"] if match["toAct"] and match["toAct"][0] == seat else None
        games += 1
    return {"steps": steps, "games": games, "seconds": time.perf_counter() - start}


if __name__ == "__main__":
    mode, game, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    if mode == "stdio":
        out = stdio(game, seconds, int(sys.argv[4]), sys.argv[5] == "observe")
    else:
        out = rest(game, seconds, sys.argv[4])
    print(json.dumps(out))
