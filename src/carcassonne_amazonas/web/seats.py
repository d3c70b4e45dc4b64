"""Seat tokens: a secret per human seat, of which the server keeps only a hash.

A token is made once, when the game is created, and shown only in that response; the
page carries it in the URL fragment (``#game=ID&seat=TOKEN``), which browsers never
send to the server nor put in ``Referer``.  The store keeps the SHA-256 digest of the
token; a request's token is hashed and compared with :func:`secrets.compare_digest`,
which takes the same time wherever the first difference lies.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from .storage import StoredSeat

__all__ = ["HUMAN", "hash_token", "new_token", "seat_of_token"]

#: The seat kind of a person; every other kind is a bot of
#: :func:`~carcassonne_amazonas.ai.bots.make_bot` that the server moves.
HUMAN = "human"


def new_token() -> str:
    """A fresh secret token (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored in place of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of_token(seats: Sequence[StoredSeat], token: str) -> int | None:
    """The player whose human seat ``token`` opens, or None.  Every seat is compared,
    so the time taken does not tell which seat came close."""
    digest = hash_token(token)
    found = None
    for seat in seats:
        if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
            found = seat.player
    return found
