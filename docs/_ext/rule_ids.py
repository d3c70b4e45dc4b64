"""Sphinx extension: a rule id (``R-C7``, ``R-T5a``) in running text is wrapped in a
``span.rule-id``, which ``_static/rule-ids.css`` keeps on one line, so that no page
breaks it into "R-" and "C7"; ids in code are kept whole by the same style sheet."""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

_RULE_ID = re.compile(r"R-[A-Z]\d+[a-z]?")
_SKIPPED = (nodes.literal, nodes.literal_block, nodes.raw, nodes.comment)


def wrap_rule_ids(app: Sphinx, doctree: nodes.document) -> None:
    """Replace every text node that holds rule ids by text and ``span.rule-id`` nodes."""
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or isinstance(parent, _SKIPPED) or not _RULE_ID.search(text):
            continue
        pieces: list[nodes.Node] = []
        last = 0
        for match in _RULE_ID.finditer(text):
            pieces.append(nodes.Text(text[last:match.start()]))
            pieces.append(nodes.inline(match.group(0), match.group(0), classes=["rule-id"]))
            last = match.end()
        pieces.append(nodes.Text(text[last:]))
        index = parent.index(text)
        parent[index:index + 1] = [piece for piece in pieces if piece.astext() or
                                   not isinstance(piece, nodes.Text)]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the transform and the style sheet."""
    app.connect("doctree-read", wrap_rule_ids)
    app.add_css_file("rule-ids.css")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
