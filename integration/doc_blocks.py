"""The fenced code blocks of README.md and docs/*.md, for the tests that run them (integration/test_docs*.py).

A block's info string is its language, optionally followed by ``fragment``: a block that cannot run on its own (an
excerpt, a platform's console, a command that needs a cluster). Every other block of code is run or checked by a
test; ``text`` blocks (output, trees, tables of figures) are not code. The README's install commands are marked by
their role instead (``INSTALL_ROLES``) and run verbatim by integration/test_install_from_clone.py: ``install-clone`` in
a fresh clone (it writes ``dist/``), ``install-dist`` in a brand-new venv, in a directory holding that ``dist/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from integration.support import REPO

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<info>.*)$")
INSTALL_ROLES = ("install-clone", "install-dist")


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language, whether it is marked a fragment, and its text (dedented)."""

    doc: Path
    line: int
    language: str
    fragment: bool
    text: str
    role: str | None = None

    @property
    def name(self) -> str:
        """``docs/x.md:12``, as test ids show it."""
        return f"{self.doc.relative_to(REPO)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    """The fenced blocks of ``doc`` in order."""
    found: list[Block] = []
    lines = doc.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        indent, words = len(opening["indent"]), opening["info"].split()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not (lines[j].strip() == "```" and FENCE.match(lines[j])):
            line = lines[j]
            body.append(line[indent:] if line[:indent].strip() == "" else line.lstrip())
            j += 1
        language = words[0] if words else ""
        role = next((word for word in words[1:] if word in INSTALL_ROLES), None)
        found.append(Block(doc, i + 1, language, "fragment" in words[1:], "\n".join(body) + "\n", role))
        i = j + 1
    return found


def all_blocks() -> list[Block]:
    """Every fenced block of README.md and docs/*.md."""
    return [block for doc in DOCS for block in blocks(doc)]


def runnable(language: str) -> list[Block]:
    """The blocks of ``language`` not marked as fragments and with no install role."""
    return [b for b in all_blocks() if b.language == language and not b.fragment and b.role is None]


def install_block(role: str) -> Block:
    """The README's one block of ``role`` (one of ``INSTALL_ROLES``)."""
    (block,) = [b for b in blocks(REPO / "README.md") if b.role == role]
    return block
