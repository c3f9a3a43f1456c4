"""Arbiter for Python: the REST API and its NDJSON streams (Client), and local environments over `arbiter engine --stdio`."""
from .errors import ArbiterError
from .client import Client
from .engine import EngineProcess
from .env import ArbiterAECEnv, ArbiterGymEnv

__all__ = ["Client", "ArbiterError", "EngineProcess", "ArbiterAECEnv", "ArbiterGymEnv"]
