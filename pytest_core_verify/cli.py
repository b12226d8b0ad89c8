"""The ``core-verify`` command: one subcommand per job, each in its own module."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

__all__ = ["build_parser", "main"]

# Each module provides register(subparsers) that adds its subcommands with
# set_defaults(func=handler), handler(args) -> exit code.
_COMMAND_MODULES = (
    "pytest_core_verify._cli_lanes",
    "pytest_core_verify._cli_seal",
    "pytest_core_verify._cli_serve",
    "pytest_core_verify.systems.verifier.cli",
    "pytest_core_verify.systems.evidence.cli",
    "pytest_core_verify.systems.deductive.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="core-verify",
        description="pytest-core-verify: lanes, the reference verifier tools, and holdout sealing.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module_name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue  # a subcommand whose module is not part of this install
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
