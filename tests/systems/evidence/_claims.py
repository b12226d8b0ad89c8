"""What the held-out sets' class tests share: one claim checked on one file of a fresh
root, the Hypothesis settings, and pairs of numbers to put on either side of a mark."""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pytest_core_verify.systems.evidence import check_claim
from tests.helpers import examples

SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck)
)
# Two numbers that share no digit, so neither stands elsewhere in the file by chance.
PAIRS = st.sampled_from([("49", "318"), ("63", "172"), ("7", "2385"), ("915", "64")])


def status(content: str, value: str, name: str = "n.txt") -> str:
    """The status of the claim ``value`` in a file ``name`` holding ``content``."""
    with tempfile.TemporaryDirectory() as root:
        with open(os.path.join(root, name), "w", encoding="utf-8", newline="") as handle:
            handle.write(content)
        return str(check_claim(value, name, root)["status"])
