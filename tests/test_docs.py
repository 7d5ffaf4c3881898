"""What a reader of the repository is given: a README whose code blocks are closed, whose links
within it land on a heading and whose contents list every section; the licence the metadata
names, a changelog, no placeholder URL; extras that hold what the README's examples import;
stubs pdoc can read the types from (the API reference)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

import mahjong

tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def outside_code(text: str) -> list[str]:
    """The lines of `text` outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_code_fence_is_closed_on_its_own_line() -> None:
    fences = [line for line in README.splitlines() if "```" in line]
    assert all(re.fullmatch(r"```\w*", line) for line in fences), [
        f for f in fences if not re.fullmatch(r"```\w*", f)
    ]
    assert len(fences) % 2 == 0
    openers = fences[0::2]
    assert all(line != "```" for line in openers), "a block opens without a language"


def test_links_within_the_readme_land_on_headings_and_the_contents_list_them_all() -> None:
    lines = outside_code(README)
    headings = [re.match(r"(#{2,3}) (.*)", line) for line in lines]
    sections = [(len(h.group(1)), h.group(2)) for h in headings if h and h.group(2) != "Contents"]
    anchors = {anchor(title) for _, title in sections}
    links = set(re.findall(r"\]\(#([^)]+)\)", "\n".join(lines)))
    assert links - anchors == set()
    contents = README.split("## Contents\n", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^( *)- \[(.*)\]\(#(.*)\)$", contents, flags=re.M)
    assert [(len(indent) // 2 + 2, title) for indent, title, _ in listed] == sections
    assert all(target == anchor(title) for _, title, target in listed)


def test_the_licence_the_metadata_names_and_a_changelog() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert PYPROJECT["project"]["license"] == "MIT" and licence.startswith("MIT License")
    assert "Copyright (c) 2026 the mahjong-engine authors" in licence
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text(encoding="utf-8"))
    assert cargo["workspace"]["package"]["license"] == "MIT"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.startswith("# Changelog") and "\n## [Unreleased]\n" in changelog


def test_no_placeholder_urls() -> None:
    for name in ("Cargo.toml", "pyproject.toml", "rust/core/Cargo.toml", "rust/py/Cargo.toml"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert not re.search(r"example\.(invalid|com|org)|TODO|FIXME", text), name


def test_the_analysis_extra_holds_what_its_example_imports() -> None:
    section = README.split("### Results for analysis", 1)[1].split("\n## ", 1)[0]
    imported = set(re.findall(r"^import (\w+)", section, flags=re.M))
    extra = {
        re.split(r"[<>=\[ ]", req)[0]
        for req in PYPROJECT["project"]["optional-dependencies"]["analysis"]
    }
    assert imported and imported <= extra | {"mahjong"}


def test_the_stubs_run_as_a_module_for_pdoc() -> None:
    """pdoc reads the compiled module's types by running its stub file; a stub that names a
    class before defining it (without postponed annotations) gives no types at all."""
    stub = Path(mahjong.__file__).parent / "_core.pyi"
    names = runpy.run_path(str(stub))
    assert "Deal" in names and "shanten" in names
