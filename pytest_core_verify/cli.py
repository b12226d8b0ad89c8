"""The ``core-verify`` command: one subcommand per job, each in its own module."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from pytest_core_verify import __version__
from pytest_core_verify.systems._extras import ExtraMissing

__all__ = ["build_parser", "main"]

# Each module provides register(subparsers) that adds its subcommands with
# set_defaults(func=handler), handler(args) -> exit code.
_COMMAND_MODULES = (
    "pytest_core_verify._cli.lanes",
    "pytest_core_verify._cli.init",
    "pytest_core_verify._cli.seal",
    "pytest_core_verify._cli.compare",
    "pytest_core_verify._cli.review",
    "pytest_core_verify._cli.report",
    "pytest_core_verify._cli.serve",
    "pytest_core_verify.systems.verifier.cli",
    "pytest_core_verify.systems.evidence.cli",
    "pytest_core_verify.systems.deductive.cli",
)


_SYSTEMS = "pytest_core_verify.systems."
#: Subcommands whose module is imported alone when the command line names them, so that
#: they start fast (the full parser imports every module: the verifier alone takes
#: about half a second). ``core-verify --help`` still lists every command.
_ALONE = {"evidence": "pytest_core_verify.systems.evidence.cli"}


def build_parser(modules: Sequence[str] = _COMMAND_MODULES) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="core-verify",
        description="pytest-core-verify: lanes, the reference verifier tools, and holdout sealing.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"core-verify {__version__} (pytest-core-verify)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    unavailable = []
    for module_name in modules:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name and not module_name.startswith(_SYSTEMS):
                raise
            unavailable.append(f"{module_name}: {exc}")
            continue  # a subcommand whose module is not part of this install
        except ImportError as exc:
            if not module_name.startswith(_SYSTEMS):
                raise
            # A reference system whose optional extra is not installed: the harness's
            # commands (lanes, init, seal, --version) must still work.
            unavailable.append(f"{module_name}: {exc}")
            continue
        module.register(subparsers)
    if unavailable:
        parser.epilog = "commands not available in this install: " + "; ".join(unavailable)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    alone = _ALONE.get(words[0]) if words else None
    parser = build_parser((alone,) if alone else _COMMAND_MODULES)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ExtraMissing as exc:
        # A reference system's optional extra is missing: a usage error, as for a command
        # whose module cannot load at all (the message has the pip install line).
        print(f"core-verify {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
