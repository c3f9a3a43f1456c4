"""EngineProcess: an `arbiter engine --stdio` child process, one JSON line each way per request or batch."""
import json
import os
import shlex
import subprocess
from pathlib import Path

from .errors import ArbiterError

# The repository above python/: where `npx --no-install arbiter` finds the package's own bin.
REPOSITORY = Path(__file__).resolve().parents[2]


def default_command():
    """ARBITER_ENGINE_COMMAND (a shell-quoted command line) if set, else `npx --no-install arbiter engine --stdio`."""
    configured = os.environ.get("ARBITER_ENGINE_COMMAND")
    if configured:
        return shlex.split(configured), None
    return ["npx", "--no-install", "arbiter", "engine", "--stdio"], str(REPOSITORY)


class EngineProcess:
    """A local engine process. `request` and `batch` write one line and read the one line that answers it."""

    def __init__(self, command=None):
        if command is None:
            command, cwd = default_command()
        else:
            cwd = None
        self._process = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd, text=True, encoding="utf-8", bufsize=1 << 16
        )
        self._info = None

    def _exchange(self, payload):
        if self._process.stdin is None or self._process.poll() is not None:
            raise ArbiterError("ENGINE_EXITED", "the engine process is not running")
        self._process.stdin.write(json.dumps(payload, separators=(",", ":")) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise ArbiterError("ENGINE_EXITED", f"the engine process ended (exit code {self._process.wait()})")
        return json.loads(line)

    def request(self, req):
        """One request object -> its answer (a dict with `ok`; a refusal is returned, not raised)."""
        return self._exchange(req)

    def batch(self, reqs):
        """Many requests in one line -> their answers, in the same order."""
        return self._exchange(list(reqs))

    def call(self, req):
        """Like `request`, but a refusal raises ArbiterError."""
        answer = self._exchange(req)
        if not answer.get("ok"):
            raise ArbiterError.from_body(answer.get("error"))
        return answer

    def info(self):
        """The `info` answer's games by id (kept: it never changes for a process)."""
        if self._info is None:
            self._info = {g["id"]: g for g in self.call({"op": "info"})["games"]}
        return self._info

    def close(self):
        if self._process.poll() is None:
            try:
                self._process.stdin.close()
                self._process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        if self._process.stdout:
            self._process.stdout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
