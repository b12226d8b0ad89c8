"""What to do about a failed write, by its cause (pure: no pytest import).

"Make the directory writable" is the fix for a permission error only: a full disk, a
read-only file system or a quota needs another one, and advice that names the wrong
cause sends the user to change permissions that were never the problem.
"""

from __future__ import annotations

import errno

__all__ = ["write_advice"]

_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
_DENIED = frozenset({errno.EACCES, errno.EPERM})


def write_advice(exc: OSError, where: str) -> str:
    """The fix for ``exc``, raised when writing into ``where`` (a directory or a file)."""
    if exc.errno in _FULL:
        return f"the disk (or quota) holding {where} is full: free space there"
    if exc.errno == errno.EROFS:
        return f"{where} is on a read-only file system: give a path on a writable one"
    if exc.errno in _DENIED:
        return f"make {where} writable"
    return f"fix the cause at {where}"
