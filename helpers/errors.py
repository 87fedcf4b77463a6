"""Exceptions with a meaning for the agent loop."""


class RepairableException(Exception):
    """An error the model can fix by sending a corrected tool call.

    The framework does not treat it as a crash: it catches it, shows its
    message to the model as the result of the failed call and asks for a
    corrected call, and the agent loop goes on.
    """
