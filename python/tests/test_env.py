"""ArbiterAECEnv and ArbiterGymEnv: a random agent with legal masks only plays 100 games of each engine."""
import random
import unittest

from arbiter import ArbiterAECEnv, ArbiterGymEnv, EngineProcess

GAMES_PER_ENGINE = 100
# Cyberpunk TCG lists `concede` by default; a random agent would end most games by conceding within a few moves.
OPTIONS = {"cyberpunk-tcg": {"concedeListed": False}}


def legal_indices(mask):
    if hasattr(mask, "nonzero"):  # numpy
        return mask.nonzero()[0].tolist()
    return [i for i, m in enumerate(mask) if m]


class AECTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = EngineProcess()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def play(self, env, seed, rng):
        env.reset(seed=seed)
        size = env.action_space(env.possible_agents[0]).n
        steps = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            self.assertEqual(len(mask), size)
            self.assertEqual(len(observation["observation"]), env.observation_space(agent)["observation"].shape[0])
            legal = legal_indices(mask)
            self.assertTrue(legal, f"{agent} to act with an empty mask")
            env.step(rng.choice(legal))
            steps += 1
        return steps

    def test_a_random_agent_plays_100_games_of_each_engine_with_masks_only(self):
        # 100 games at once per engine, one AEC environment each, stepped together (one engine message per round)
        rng = random.Random(33)
        for game in ["cyber-net-cards", "cyberpunk-tcg", "dice-throne-marvel"]:
            with self.subTest(game=game):
                envs = [ArbiterAECEnv(game, options=OPTIONS.get(game), engine=self.engine) for _ in range(GAMES_PER_ENGINE)]
                for g, env in enumerate(envs):
                    env.reset(seed=g)
                size = envs[0].action_space("player_0").n
                live = list(envs)
                while live:
                    actions = []
                    for env in live:
                        observation, reward, termination, truncation, info = env.last()
                        if termination or truncation:
                            actions.append(None)
                            continue
                        mask = observation["action_mask"]
                        self.assertEqual(len(mask), size)
                        legal = legal_indices(mask)
                        self.assertTrue(legal, "an agent to act with an empty mask")
                        actions.append(rng.choice(legal))
                    ArbiterAECEnv.step_many(live, actions)
                    live = [env for env in live if env.agents]
                won = 0
                for env in envs:
                    rewards = env._cumulative_rewards
                    self.assertTrue(all(r in (-1, 0, 1) for r in rewards.values()))
                    won += any(r == 1 for r in rewards.values())
                    env.close()
                self.assertGreater(won, GAMES_PER_ENGINE // 2)

    def test_four_seats_of_dice_throne_and_the_same_seed_replays(self):
        env = ArbiterAECEnv("dice-throne-marvel", seats=4, engine=self.engine)
        self.assertEqual(env.possible_agents, ["player_0", "player_1", "player_2", "player_3"])
        env.reset(seed=5)
        first = env.last()[0]["observation"].tolist() if hasattr(env.last()[0]["observation"], "tolist") else env.last()[0]["observation"]
        env.reset(seed=5)
        again = env.last()[0]["observation"]
        self.assertEqual(list(again), list(first))
        self.play(env, 6, random.Random(1))
        env.close()


class GymTest(unittest.TestCase):
    def test_one_agent_against_the_random_bot(self):
        with EngineProcess() as engine:
            env = ArbiterGymEnv("cyber-net-cards", opponent="random", seat=1, engine=engine)
            rng = random.Random(2)
            results = []
            for g in range(5):
                observation, info = env.reset(seed=g)
                self.assertEqual(len(observation), env.observation_space.shape[0])
                done = False
                total = 0
                while not done:
                    action = rng.choice(legal_indices(info["action_mask"]))
                    observation, reward, done, truncated, info = env.step(action)
                    total += reward
                results.append(total)
            self.assertTrue(all(r in (-1, 0, 1) for r in results))
            env.close()

    def test_an_ismcts_opponent_with_a_strength(self):
        with EngineProcess() as engine:
            env = ArbiterGymEnv("dice-throne-marvel", opponent="ismcts:1", engine=engine)
            observation, info = env.reset(seed=3)
            observation, reward, done, truncated, info = env.step(legal_indices(info["action_mask"])[0])
            self.assertFalse(truncated)
            env.close()


if __name__ == "__main__":
    unittest.main()
