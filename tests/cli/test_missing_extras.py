"""A command whose reference system needs an extra this install lacks says which extra
to install and exits 2 (a usage error), as the harness's own commands do; no traceback.

A plain ``pip install pytest-core-verify`` has none of the reference systems' extras.
``None`` in ``sys.modules`` makes the interpreter see a package as not installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROBLEM = (
    "Sara has 32 dollars. Sara earns 15 dollars. She uses 21 dollars. "
    "How many dollars does Sara have left?"
)


@pytest.mark.parametrize(
    ("missing", "argv", "extra"),
    [
        ("lemminflect", ["demo"], "verifier"),
        ("lemminflect", ["verify", "-"], "verifier"),
        # The English reader of the deductive engine is the symbolic reader.
        (
            "inflect",
            ["decide", "--english", "-p", "Cats are mammals.", "-q", "Cats are animals."],
            "symbolic",
        ),
        ("pysat", ["decide", "-p", "a", "-q", "a"], "sat"),
    ],
)
def test_a_missing_extra_is_a_usage_error_that_names_it(
    tmp_path: Path, missing: str, argv: list[str], extra: str
) -> None:
    script = (
        f"import sys; sys.modules[{missing!r}] = None\n"
        "from pytest_core_verify.cli import main\n"
        f"sys.exit(main({argv!r}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        input=json.dumps({"problem_text": PROBLEM, "request_id": "x"}),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"core-verify {argv[0]}: "), proc.stderr
    assert f"pip install 'pytest-core-verify[{extra}]'" in proc.stderr
    assert proc.stdout == ""
