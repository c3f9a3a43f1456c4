"""EngineProcess: info, batches and refusals of `arbiter engine --stdio`."""
import unittest

from arbiter import ArbiterError, EngineProcess

GAMES = ["cyber-net-cards", "cyberpunk-tcg", "dice-throne-marvel"]


class EngineProcessTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = EngineProcess()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def test_info_lists_every_game_with_layouts(self):
        games = self.engine.info()
        self.assertEqual(sorted(games), GAMES)
        for g in games.values():
            for layout in (g["observationShape"], g["actionSpace"]):
                offset = 0
                for s in layout["slices"]:
                    self.assertEqual(s["offset"], offset)
                    offset += s["length"]
                self.assertEqual(offset, layout["size"])

    def test_a_batch_is_answered_in_order_and_a_refusal_does_not_stop_it(self):
        answers = self.engine.batch(
            [
                {"op": "reset", "env": "b1", "game": "dice-throne-marvel", "seed": "7", "seats": 4},
                {"op": "step", "env": "nowhere", "action": 0},
                {"op": "observe", "env": "b1", "seat": 3},
            ]
        )
        self.assertEqual([a.get("env") for a in answers], ["b1", "nowhere", "b1"])
        self.assertTrue(answers[0]["ok"])
        self.assertEqual(answers[1]["error"]["code"], "NOT_FOUND")
        self.assertEqual(answers[2]["legalIndices"], [] if answers[0]["seat"] != 3 else answers[0]["legalIndices"])
        with self.assertRaises(ArbiterError) as caught:
            self.engine.call({"op": "step", "env": "b1", "action": 10**9})
        self.assertEqual(caught.exception.code, "ILLEGAL_ACTION")

    def test_the_same_seed_gives_the_same_game(self):
        a = self.engine.call({"op": "reset", "env": "s1", "game": "cyberpunk-tcg", "seed": "same"})
        b = self.engine.call({"op": "reset", "env": "s2", "game": "cyberpunk-tcg", "seed": "same"})
        self.assertEqual(a["observation"], b["observation"])
        self.assertEqual(a["legalIndices"], b["legalIndices"])


if __name__ == "__main__":
    unittest.main()
