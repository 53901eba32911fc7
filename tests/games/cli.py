"""The engine's command line as the tests run it: ``python -m games replay RECORD``
in a process of its own, from the project's root, and where the records live."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


def run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m games replay path``: its exit code, what it printed and complained."""
    return subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
