"""The JSON Schemas (draft 2020-12) of the files the library writes and reads.

Each kind of document has a schema file shipped inside the package, beside this module,
named after the document's ``schema`` field (``carcassonne-amazonas/state/1`` is
``state.schema.json``) or, for the self-play metadata, its ``format`` field:

- ``state``: a snapshot of one position
  (:func:`~carcassonne_amazonas.formats.snapshot.state_to_json`);
- ``record``: a whole game
  (:meth:`~carcassonne_amazonas.formats.records.GameRecord.to_json`), whose ``start`` is
  a snapshot: its schema refers to the snapshot's by ``$id``;
- ``selfplay``: the metadata of a self-play dataset, the JSON text inside the ``.npz``
  file of :func:`~carcassonne_amazonas.integrations.selfplay.write_dataset`
  (``simulate --dataset``), which
  :class:`~carcassonne_amazonas.integrations.selfplay.SelfPlayData` reads;
- ``weights``: the weights of the MCTS player's evaluation, the learned ones shipped in
  the package among them (:mod:`~carcassonne_amazonas.ai.learned`).

:func:`schema` gives one as a dict, ready for any validator (the ``jsonschema`` package
is not needed to read them, and the library never validates with them: its loaders are
stricter, see :doc:`/formats`)::

    >>> from carcassonne_amazonas.formats.schemas import schema
    >>> schema("record")["properties"]["schema"]["const"]
    'carcassonne-amazonas/record/1'

A document a schema refuses, the library's reader refuses too, naming the same field;
the loader also refuses much that a schema cannot see (an illegal action, a position the
rules cannot reach, and a whole number written ``2.0``, which JSON Schema's ``integer``
accepts).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ..._support.exact import check_exact

__all__ = ["SCHEMA_NAMES", "schema", "schema_text"]

SCHEMA_NAMES = ("state", "record", "selfplay", "weights")
"""The kinds of document that have a schema, as :func:`schema` names them."""

# The schemas a schema refers to by $id, which schema() bundles into it.
_REFERS_TO = {"record": ("state",)}


@functools.cache
def schema_text(name: str) -> str:
    """The text of the schema file of ``name`` (one of :data:`SCHEMA_NAMES`), as shipped.

    ``ValueError`` for another name, ``TypeError`` for a value that is not a ``str``."""
    check_exact(name, str, "name")
    if name not in SCHEMA_NAMES:
        raise ValueError(f"no schema named {name[:40]!r}; the schemas are "
                         f"{', '.join(SCHEMA_NAMES)}")
    return resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of the documents ``name`` (one of :data:`SCHEMA_NAMES`), a new dict
    at each call.

    A schema that refers to another by ``$id`` (the record's ``start`` is a snapshot) has
    that one bundled under ``$defs``, as draft 2020-12 allows, so the dict is complete by
    itself: ``jsonschema.Draft202012Validator(schema("record"))`` needs no registry.
    ``ValueError`` for another name, ``TypeError`` for a value that is not a ``str``."""
    document: dict[str, Any] = json.loads(schema_text(name))
    for other in _REFERS_TO.get(name, ()):
        document["$defs"][other] = schema(other)
    return document
