"""The install clash with the PyPI package `mahjong` (the reference library, which `mjai`
pulls in): installed into the same folder it replaces files of ours, or ours of it, and the
import must then fail with the fix instead of running the wrong package. Simulated with a
folder holding our package and the other's metadata (and files, from .ref when present)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import mahjong
from mahjong._install import FIX

OURS = Path(mahjong.__file__).parent
REF = Path(__file__).resolve().parents[1] / ".ref"
THEIR_INIT = '"""Japanese riichi mahjong hand calculator library."""\n'


def site(tmp_path: Path, *, their_init: bool = False) -> Path:
    """A site folder whose mahjong package is ours (links to every file), with the other's
    __init__.py in place of ours when `their_init` (the other installed last)."""
    folder = tmp_path / "site"
    package = folder / "mahjong"
    package.mkdir(parents=True)
    for entry in OURS.iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    if their_init:
        (package / "__init__.py").unlink()
        (package / "__init__.py").write_text(THEIR_INIT)
    return folder


def dist_info(folder: Path, name: str, version: str, files: list[str]) -> None:
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "RECORD").write_text("".join(f"{f},,\n" for f in files))


def run(folder: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )


def refused(result: subprocess.CompletedProcess[str]) -> bool:
    said = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else ""
    return (
        result.returncode != 0
        and said.startswith("mahjong._install.ClashError: the PyPI package 'mahjong' 2.1.0")
        and "'mahjong-engine'" in said
        and said.endswith(f"Fix: {FIX} (keep the other in a virtual environment of its own)")
    )


def test_without_the_other_package_the_import_works(tmp_path: Path) -> None:
    folder = site(tmp_path)
    dist_info(folder, "mahjong-engine", "0.1.0", ["mahjong/__init__.py", "mahjong/cli.py"])
    dist_info(folder, "mahjongsoul", "1.0", ["mahjongsoul/__init__.py"])
    result = run(folder, "import mahjong, mahjong.riichi; print(mahjong.__file__)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(folder / "mahjong" / "__init__.py")


@pytest.mark.parametrize("their_init", [False, True], ids=["ours-last", "theirs-last"])
def test_the_other_package_in_our_folder_is_refused(tmp_path: Path, their_init: bool) -> None:
    folder = site(tmp_path, their_init=their_init)
    dist_info(folder, "mahjong", "2.1.0", ["mahjong/__init__.py", "mahjong/shanten.py"])
    # Theirs last: `import mahjong` runs their __init__.py, so ours can only refuse once one
    # of its own modules is imported (every public one checks), as the command does.
    imports = ["import mahjong.riichi", "import mahjong.american", "import mahjong.cli"]
    if not their_init:
        imports.append("import mahjong")
    for code in imports:
        assert refused(result := run(folder, code)), (code, result.stderr[-1500:])


@pytest.mark.skipif(not (REF / "mahjong-2.1.0.dist-info").is_dir(), reason="needs .ref")
def test_the_real_reference_installed_over_ours_is_refused(tmp_path: Path) -> None:
    """The reference library's own metadata and files (pip install --target .ref), laid over
    our package as pip would."""
    folder = site(tmp_path)
    shutil.copytree(REF / "mahjong-2.1.0.dist-info", folder / "mahjong-2.1.0.dist-info")
    for entry in (REF / "mahjong").iterdir():
        if entry.name != "__pycache__":
            target = folder / "mahjong" / entry.name
            if target.is_symlink():
                target.unlink()
            target.symlink_to(entry)
    assert refused(result := run(folder, "import mahjong.riichi")), result.stderr[-1500:]
