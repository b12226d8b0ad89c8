"""pytest entry point (``pytest11: core_verify``): registration, then the hooks only
where there is lane work.

Installed, the plugin is loaded in every pytest session of the environment. Up front it
registers its options, ini keys, markers and hook specifications
(``_plugin.registration``); in ``pytest_configure`` it imports and registers the rest of
the harness (``_plugin.hooks``) only when the project has lanes or the session names an
option or ini key of the plugin. So in other projects it imports a handful of small
modules and adds no hook to the session's paths.
"""

from __future__ import annotations

import sys

import pytest

from pytest_core_verify._plugin import registration

#: The plugin's names: its entry point, and the distribution name that pytest's header
#: shows ("plugins: core-verify-0.1.0"). ``-p no:`` with any of them disables it.
PLUGIN_NAMES = ("core_verify", "core-verify", "pytest-core-verify", "pytest_core_verify")
#: The name the lane hooks are registered under when there is lane work.
HOOKS_PLUGIN = "core_verify_lanes"


def _disabled(pluginmanager: pytest.PytestPluginManager) -> bool:
    return any(pluginmanager.is_blocked(name) for name in PLUGIN_NAMES)


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    if _disabled(pluginmanager):
        return  # -p no:core-verify: as if not installed (its options are unknown too)
    registration.add_options(parser)


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(registration)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "threshold(name, min=None, max=None): gate a lane metric; the lane fails when the "
        "metric's mean over its cases is below min or above max",
    )
    config.addinivalue_line("markers", "lane(name): added to every case item of lane `name`")
    if _disabled(config.pluginmanager):
        # The entry point is named core_verify, so `-p no:core-verify` (the name in
        # pytest's header) did not stop it loading: step aside now.
        config.pluginmanager.unregister(sys.modules[__name__])
        return
    if not registration.has_work(config):
        return
    from pytest_core_verify._plugin import hooks

    hooks.configure(config)
    config.pluginmanager.register(hooks, HOOKS_PLUGIN)
