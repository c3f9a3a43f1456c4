"""ArbiterError: a refusal from the server or the engine process, with its code, message, HTTP status and details."""


class ArbiterError(Exception):
    """`code` is the API's error code (e.g. ILLEGAL_ACTION); `status` the HTTP status (0 for the engine process);
    `details` every other field of the error body (rule, violations, currentVersion...)."""

    def __init__(self, code, message, status=0, details=None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.details = details or {}

    @classmethod
    def from_body(cls, body, status=0):
        body = dict(body or {})
        code = body.pop("code", "UNKNOWN")
        message = body.pop("message", "")
        return cls(code, message, status, body)
