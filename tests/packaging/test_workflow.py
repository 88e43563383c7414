"""The release workflow passes actionlint (with shellcheck for its scripts) and builds every system."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
BIN = Path(sys.executable).parent


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    tool, shellcheck = BIN / "actionlint", BIN / "shellcheck"
    assert tool.exists(), "actionlint is part of the test extra: pip install -e .[test]"
    assert shellcheck.exists(), "shellcheck is part of the test extra: pip install -e .[test]"
    return subprocess.run(
        [str(tool), "-no-color", f"-shellcheck={shellcheck}", *map(str, files)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )


def test_workflows_pass_actionlint() -> None:
    assert WORKFLOWS, "no workflow found under .github/workflows"
    proc = actionlint(*WORKFLOWS)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_reports_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  b:\n    runs-on: ubuntu-22.04\n    steps:\n"
        "      - run: echo ${{ secrets.X }}\n        if: secrets.X != ''\n"
    )
    proc = actionlint(broken)
    assert proc.returncode == 1 and "secrets" in proc.stdout


def _release() -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))


def test_release_builds_every_target_with_the_same_scripts() -> None:
    spec = importlib.util.spec_from_file_location("courier_build_targets_wf", ROOT / "build" / "targets.py")
    assert spec and spec.loader
    targets = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = targets
    spec.loader.exec_module(targets)
    flow = _release()
    assert flow[True]["push"]["tags"] == ["v*"]  # YAML reads the key `on` as True
    build = flow["jobs"]["build"]
    matrix = {row["target"]: row["runner"] for row in build["strategy"]["matrix"]["include"]}
    assert sorted(matrix) == sorted(targets.TARGETS)
    assert matrix["linux"] == "ubuntu-22.04"
    runs = " ".join(step.get("run", "") for step in build["steps"])
    for script in ("build/build.py --target", "build/smoke_test.py", "build/package.py", "build/glibc.py"):
        assert script in runs


def test_signing_runs_only_when_its_secrets_exist() -> None:
    steps = _release()["jobs"]["build"]["steps"]
    signing = [s for s in steps if any(w in s.get("run", "") for w in ("signtool", "security import", "notarytool"))]
    assert len(signing) == 3
    for step in signing:
        assert "env." in step["if"] and "!= ''" in step["if"], step["name"]
