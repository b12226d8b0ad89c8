"""The reference systems under test: code the lanes measure, not the plugin.

Each subpackage is a self-contained system with no pytest import:

- ``verifier``: the System-2 verifier tool for arithmetic word problems (``scenarios``);
- ``symbolic``: the teaching and inference pipeline (``symbolic_logic``);
- ``evidence``: the fail-closed evidence pre-check for claims (``evidence_check``).
"""

__all__: list[str] = []
