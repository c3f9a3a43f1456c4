"""Client against a server started by the test (`npm start`, embedded database in a scratch data dir): a bot plays a
match to the end with `play`; refusals raise ArbiterError with their status."""
import os
import random
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.request
from pathlib import Path

from arbiter import ArbiterError, Client

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 120


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.TemporaryDirectory()
        port = free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        env.update({"PORT": str(port), "HOST": "127.0.0.1", "ARBITER_DATA_DIR": cls.data.name, "LOG_LEVEL": "warn"})
        cls.server = subprocess.Popen(["npm", "start", "--silent"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, start_new_session=True)
        cls.url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:  # wait for the server to answer (it opens the database and compiles on start)
            try:
                urllib.request.urlopen(cls.url + "/api/games", timeout=2).read()
                break
            except OSError:
                if cls.server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start")
                time.sleep(0.2)

    @classmethod
    def tearDownClass(cls):
        os.killpg(cls.server.pid, 15)
        cls.server.wait(timeout=30)
        cls.data.cleanup()

    def test_games_carry_the_encodings(self):
        games = {g["id"]: g for g in Client(self.url).list_games()}
        self.assertEqual(set(games), {"cyber-net-cards", "cyberpunk-tcg", "dice-throne-marvel"})
        for g in games.values():
            self.assertGreater(g["actionSpace"]["size"], 0)
            self.assertGreater(g["observationShape"]["size"], 0)

    def test_a_rest_bot_plays_a_match_to_the_end(self):
        client = Client(self.url)
        deck = client.game("cyber-net-cards")["sampleDecks"][0]["deck"]
        created = client.create_match("cyber-net-cards", [{"deck": deck, "name": "Py"}, {"deck": deck, "bot": {"kind": "random"}}], seed="python")
        token = created["seats"][0]["token"]
        rng = random.Random(1)
        decisions = []

        def decide(ctx):
            self.assertTrue(ctx["legal_actions"])
            self.assertIn("view", ctx)
            decisions.append(ctx["match"]["version"])
            return rng.choice(ctx["legal_actions"])

        finished = Client(self.url, token=token).play(created["match"]["id"], decide)
        self.assertEqual(finished["status"], "FINISHED")
        self.assertGreater(len(decisions), 3)

    def test_refusals_raise_arbiter_error_with_status_and_details(self):
        client = Client(self.url)
        with self.assertRaises(ArbiterError) as caught:
            client.game("chess")
        self.assertEqual((caught.exception.code, caught.exception.status), ("NOT_FOUND", 404))
        with self.assertRaises(ArbiterError) as caught:
            client.save_deck("cyber-net-cards", "Bad", {"avatar": "nobody", "cards": []})
        self.assertEqual(caught.exception.status, 422)
        self.assertIn("violations", caught.exception.details)


if __name__ == "__main__":
    unittest.main()
