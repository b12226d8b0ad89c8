"""Root conftest: Hypothesis settings for this project's own tests.

The machines are small and noisy, so no per-example deadline; in CI the examples
are derandomized so that a red build replays exactly, and half as many (a test that
asks for a count of its own asks through ``tests.helpers.examples``, which scales it
the same way). Hypothesis is a test extra:
running lanes alone must not need it.
"""

from __future__ import annotations

import os

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - lanes without the test extra
    pass
else:
    settings.register_profile(
        "default", deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.register_profile(
        "ci",
        parent=settings.get_profile("default"),
        derandomize=True,
        print_blob=True,
        max_examples=50,
    )
    settings.load_profile("ci" if os.environ.get("CI") else "default")

# The evidence lane's fixture projects are data, not tests: keep pytest out of them the
# usual way (the plugin claims only the lane layout, so it does not do this for us).
collect_ignore_glob = ["lanes/*/projects"]
