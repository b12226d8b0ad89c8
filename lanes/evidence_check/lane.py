"""Lane evidence_check: the fail-closed evidence pre-check ``check_claim``.

A case is a claim ``{value, source}`` against a fixture project under ``projects/``
and the status it must get. ``run`` copies the project into the workdir (so the
checker never touches the repository tree), adds what git cannot hold portably
(symlinks, a decoy beside root, a thousand generated files), and checks the claim
with root = ``<workdir>/project``. See contract.md.
"""

from __future__ import annotations

import os
import pathlib
import shutil
from collections.abc import Mapping
from typing import Any

import pytest

from pytest_core_verify import metric, perturbation
from pytest_core_verify.systems.evidence import check_claim

from . import edits as _edits

pytestmark = [
    pytest.mark.threshold("status_accuracy", min=1.0),
    pytest.mark.threshold("false_verified", max=0),
    pytest.mark.threshold("replay_determinism", min=1.0),
    # The metamorphic relations are promises: each holds for every case it applies to.
    *(pytest.mark.threshold(f"perturbation:{r.name}", min=1.0) for r in _edits.RELATIONS),
]

# A verified value with one digit changed is not verified; the same source spelled
# ./path keeps the status; a value found only inside a longer token is not verified
# (lanes/evidence_check/edits.py).
_DECLARED = {
    r.name: perturbation(
        expect=r.expect, view=r.view if r.expect in ("same", "different") else None, name=r.name
    )(r.edit)
    for r in _edits.RELATIONS
}
changed_digit = _DECLARED["changed_digit"]
dot_slash = _DECLARED["dot_slash"]
longer_token = _DECLARED["longer_token"]

PROJECTS = pathlib.Path(__file__).parent / "projects"

#: Beside root, never inside it: any claim that reaches it has escaped root.
DECOY_TEXT = "decoy outside root: f1 0.91, acc 73.2, value 99.125, secret phrase open sesame\n"

#: Relative symlinks made inside the copied project (link path -> target text).
SYMLINKS = {
    "links/inside.json": "../results/eval.json",  # stays inside root
    "links/outside.txt": "../../decoy.txt",  # leaves root
    "links/outdir": "../..",  # a directory link that leaves root
    "links/dangling.txt": "../results/missing.json",  # inside, but nothing there
    "links/dangling_out.txt": "../../missing.txt",  # outside, and nothing there
}


def _prepare(case: Mapping[str, Any], workdir: pathlib.Path) -> pathlib.Path:
    project = case["project"]
    src = PROJECTS / project
    if not src.is_dir():
        raise ValueError(
            f"case {case['id']}: no fixture project {project!r} under {PROJECTS.name}/"
        )
    root = workdir / "project"
    shutil.copytree(src, root, symlinks=True)
    (workdir / "decoy.txt").write_text(DECOY_TEXT, encoding="utf-8")
    if project == "paper":
        for link, target in SYMLINKS.items():
            path = root / link
            path.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(target, path)
    if project == "edges":
        # A hard link to the claims file, which git cannot hold: never evidence either.
        (root / "links").mkdir(exist_ok=True)
        os.link(root / "docs" / "claims.jsonl", root / "links" / "claims_hard.jsonl")
    if project == "formats":
        # A directory link then '..' (the OS resolves '..' from the link's target), a
        # link leaving root with a decoy of the same name inside root, and a file whose
        # name ends in a space (which some checkouts cannot hold).
        os.symlink("../b/sub", root / "dd" / "a" / "link")
        outside = workdir / "outside" / "deep"
        outside.mkdir(parents=True)
        (workdir / "outside" / "x.txt").write_text("value 55 outside root\n", encoding="utf-8")
        os.symlink("../outside/deep", root / "away")
        (root / "b.txt ").write_text("value 33 in the file named with a space\n", encoding="utf-8")
    for rel, text in sorted(case.get("write_files", {}).items()):
        # A perturbed case's own evidence (see edits.py); never outside the copy.
        target = (root / rel).resolve()
        if not target.is_relative_to(root.resolve()) or rel.startswith("/"):
            raise ValueError(f"case {case['id']}: write_files path {rel!r} leaves the project")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    count = case.get("generate_files", 0)
    if count:
        gen = root / "generated"
        gen.mkdir()
        for i in range(count):
            # Only the last file holds the value, so a glob must reach every file.
            text = "value 7.125\n" if i == count - 1 else f"file {i} of {count}\n"
            (gen / f"f{i:05d}.txt").write_text(text, encoding="utf-8")
    return root


def run(case: dict[str, Any], workdir: pathlib.Path) -> dict[str, Any]:
    """Check the case's claim against its project copied under ``workdir``."""
    root = _prepare(case, workdir)
    kwargs: dict[str, Any] = {}
    if "max_bytes" in case:
        kwargs["max_bytes"] = case["max_bytes"]
    if "claims_file" in case:
        kwargs["exclude"] = [root / case["claims_file"]]
    return check_claim(case["value"], case["source"], root, **kwargs)


@metric
def status_accuracy(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    """The claim got exactly the expected status."""
    return bool(result["status"] == case["expected_status"])


@metric
def false_verified(case: Mapping[str, Any], result: Mapping[str, Any]) -> bool:
    """Verified although the case expects otherwise: the one error that must never happen."""
    return bool(result["status"] == "verified" and case["expected_status"] != "verified")
