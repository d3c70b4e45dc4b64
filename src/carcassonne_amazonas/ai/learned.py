"""The learned evaluation: :class:`~carcassonne_amazonas.ai.evaluation.Weights` fitted to
self-play, shipped as data and read without any training library.

The evaluation of :mod:`~carcassonne_amazonas.ai.evaluation` is linear in its features
(:data:`~carcassonne_amazonas.ai.evaluation.FEATURES`): a player's expected final score
is their score plus each feature times its coefficient, and
:func:`~carcassonne_amazonas.ai.evaluation.win_value` turns the lead into a value by a
logistic function whose spread shrinks as the pile runs out.
``benchmarks/train_evaluation.py`` fits those numbers to the
outcomes of self-play games: the coefficients by ridge regression of the points each
player still scored on their features, the spread by the likelihood of who won (see the
bots guide, "A learned evaluation").  Its result is a small JSON document:

.. code-block:: json

    {"schema": "carcassonne-amazonas/weights/1",
     "weights": {"tributary": 1.11, "village": 1.0, "...": 0.0},
     "training": {"games": 2000, "bots": "greedy", "...": "..."}}

``schema`` names the format and its version, as in the library's other documents;
``weights`` names every field of ``Weights`` once; ``training`` says how they were made
(free-form, kept for the reader).  Its JSON Schema is ``weights``
(:func:`~carcassonne_amazonas.formats.schemas.schema`).  :func:`learned_weights` reads
the copy shipped in the package, :func:`load_weights` any such file, and
:func:`weights_document` writes one.

    >>> from carcassonne_amazonas.ai.mcts import MctsBot
    >>> bot = MctsBot(seed=1, weights=learned_weights())
"""

from __future__ import annotations

import functools
import json
import os
from importlib import resources
from typing import Any

import attrs

from .._support import json_text
from .._support.exact import check_exact
from .evaluation import Weights

__all__ = ["MAX_BYTES", "WEIGHTS_SCHEMA", "learned_weights", "load_weights", "read_weights",
           "weights_document"]

#: The ``schema`` of a weights document: its format and version.
WEIGHTS_SCHEMA = "carcassonne-amazonas/weights/1"
#: The largest weights document read, in bytes: the shipped one, with its training
#: record, is about 4 kB, so a file this large is not one (refused before it is parsed).
MAX_BYTES = 1_000_000
#: The shipped document, in the package's ai/data folder.
_SHIPPED = ("data", "learned_weights.json")


def read_weights(text: str, source: str = "the weights document") -> Weights:
    """The :class:`~carcassonne_amazonas.ai.evaluation.Weights` of a weights document
    (the module docstring's format), checked: ``ValueError`` naming ``source`` and what
    is wrong for text that is not such a document (not strict JSON, another format or
    version, a field missing, unknown or given twice, a number out of its range);
    ``TypeError`` unless ``text`` is a ``str``."""
    check_exact(text, str, "text")
    if len(text) > MAX_BYTES:
        raise ValueError(f"{source}: {len(text)} characters, more than a weights document "
                         f"has (at most {MAX_BYTES})")
    try:
        document = json_text.loads(text)
    except ValueError as error:
        raise ValueError(f"{source}: not JSON: {error}") from None
    except RecursionError:
        raise ValueError(f"{source}: nested too deeply to be a weights document") from None
    if not isinstance(document, dict):
        raise ValueError(f"{source}: expected a JSON object, not {type(document).__name__}")
    if document.get("schema") != WEIGHTS_SCHEMA:
        found = document.get("schema")
        raise ValueError(f"{source}: schema: expected {json.dumps(WEIGHTS_SCHEMA)}, not "
                         f"{json.dumps(found)[:80] if found is not None else 'none'}")
    if "training" in document and not isinstance(document["training"], dict):
        raise ValueError(f"{source}: \"training\" must be an object")
    unknown = set(document) - {"schema", "weights", "training"}
    if unknown:
        raise ValueError(f"{source}: unknown field {sorted(unknown)[0]!r}")
    fields = document.get("weights")
    if not isinstance(fields, dict):
        raise ValueError(f"{source}: \"weights\" must be an object of numbers")
    names = [field.name for field in attrs.fields(Weights)]
    missing = [name for name in names if name not in fields]
    extra = [name for name in fields if name not in names]
    if missing or extra:
        what = f"missing {missing[0]!r}" if missing else f"unknown {extra[0]!r}"
        raise ValueError(f"{source}: \"weights\" {what} (it names each of {', '.join(names)})")
    try:
        return Weights(**fields)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{source}: {error}") from None


def load_weights(path: str | os.PathLike[str]) -> Weights:
    """The weights of the document at ``path`` (:func:`read_weights`); ``TypeError``
    unless ``path`` is a ``str`` or a path object (an ``int`` would be taken for an open
    file descriptor, and closed), ``OSError`` when it cannot be read, ``ValueError`` for a
    file of more than :data:`MAX_BYTES` or not a weights document."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path: expected a str or a path object, not {type(path).__name__}")
    with open(path, "rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"{os.fspath(path)}: larger than a weights document "
                         f"(more than {MAX_BYTES} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{os.fspath(path)}: not UTF-8 text") from None
    return read_weights(text, os.fspath(path))


@functools.lru_cache(maxsize=1)
def learned_weights() -> Weights:
    """The weights the package ships, fitted to self-play by
    ``benchmarks/train_evaluation.py``.  They are no stronger than the hand-set
    :data:`~carcassonne_amazonas.ai.evaluation.DEFAULT_WEIGHTS`: at equal time they won
    46.0% of 200 games against them, so the player's default stays the hand-set weights
    (the bots guide, "A learned evaluation", has the figures)."""
    folder, name = _SHIPPED
    text = resources.files(__package__).joinpath(folder).joinpath(name).read_text(
        encoding="utf-8")
    return read_weights(text, f"the shipped {folder}/{name}")


def weights_document(weights: Weights, training: dict[str, Any] | None = None) -> str:
    """The JSON text of a weights document for ``weights``, with ``training`` (how they
    were made: any JSON object) kept beside them; :func:`read_weights` reads it back.
    ``TypeError`` unless ``weights`` is a ``Weights`` and ``training`` a ``dict`` (or
    None); ``ValueError`` for a ``training`` that JSON cannot write (a set, NaN)."""
    check_exact(weights, Weights, "weights", "an evaluation.Weights")
    if training is not None:
        check_exact(training, dict, "training")
    fields = {field.name: getattr(weights, field.name) for field in attrs.fields(Weights)}
    document: dict[str, Any] = {"schema": WEIGHTS_SCHEMA, "weights": fields}
    if training is not None:
        try:
            json.dumps(training, allow_nan=False)
        except (TypeError, ValueError) as error:  # a set, NaN, a key that is no string
            raise ValueError(f"training: not a JSON object: {error}") from None
        except RecursionError:
            raise ValueError("training: nested too deeply") from None
        document["training"] = training
    return json.dumps(document, indent=1, allow_nan=False) + "\n"
