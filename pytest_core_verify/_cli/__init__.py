"""The ``core-verify`` commands, one module each (``pytest_core_verify.cli`` is the entry point)."""
