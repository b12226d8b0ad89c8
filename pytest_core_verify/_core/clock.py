"""The run's clock: ``SOURCE_DATE_EPOCH`` when set, so a run can be reproduced (pure)."""

from __future__ import annotations

import datetime as dt
import os

__all__ = ["timestamp"]


def timestamp() -> str:
    """UTC time of the run: from SOURCE_DATE_EPOCH when set, so it can be reproduced."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        moment = dt.datetime.fromtimestamp(int(epoch), tz=dt.timezone.utc)
    else:
        moment = dt.datetime.now(tz=dt.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
