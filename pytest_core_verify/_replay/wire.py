"""The wire between the pytest process and the replay helper: length-prefixed pickles
on a pipe, and the audit events both sides watch (pure: imports nothing of the package)."""

from __future__ import annotations

import os
import pickle
import struct
from typing import Any

_HEADER = struct.Struct(">Q")
#: Audit events of process creation: a run that raises one may have left a process
#: behind that writes into its workdir later.
SPAWN_EVENTS = frozenset(
    {
        "os.fork",
        "os.forkpty",
        "os.system",
        "os.posix_spawn",
        "os.spawn",
        "os.exec",
        "os.startfile",
        "subprocess.Popen",
        "pty.spawn",
    }
)
#: Audit events of a change to the environment variables (``os.environ`` goes through
#: them too).
ENV_EVENTS = frozenset({"os.putenv", "os.unsetenv"})


def write_message(fd: int, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks: list[bytes] = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_message(fd: int) -> Any:
    """The next message, or ``None`` at end of file."""
    header = _read_exactly(fd, _HEADER.size)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    data = _read_exactly(fd, size)
    if data is None:
        return None
    return pickle.loads(data)


#: Headings the helper writes before each call's output (the warm-up's, then run B's),
#: so that what the warm-up printed is never read as run B's; ``shown_output`` drops a
#: heading with nothing under it.
WARM_UP_HEADING = b"[replay helper: warm-up call, its result dropped]\n"
RUN_B_HEADING = b"[replay helper: run B]\n"


def shown_output(output: bytes) -> bytes:
    """The helper's output as the case shows it: a heading only above output."""
    sections = output.split(WARM_UP_HEADING)
    shown = [sections[0]] if sections[0] else []
    for section in sections[1:]:
        warm, _, rest = section.partition(RUN_B_HEADING)
        if warm:
            shown.append(WARM_UP_HEADING + warm)
        if rest:
            shown.append(RUN_B_HEADING + rest)
    return b"".join(shown)
