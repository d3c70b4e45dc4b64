"""The web app: play Carcassonne – Amazonas in the browser, against bots or with friends.

``carcassonne-amazonas serve`` starts it (:mod:`carcassonne_amazonas.cli._serve`; extra
``[web]``: Starlette and uvicorn).  The app is a thin layer over the library's public
API:

- :mod:`~carcassonne_amazonas.web._storage` keeps every game in SQLite as its game
  record: the setup, the seats and an append-only list of actions;
- :mod:`~carcassonne_amazonas.web._served` is a game of the app: replayed from its
  record, its seats' tokens, the tiles it draws (with the library's exact sampler and a
  secret seed, so that no answer tells the tiles to come) and its bots' seeds;
- :mod:`~carcassonne_amazonas.web._service` is the game service: it loads a game,
  checks a seat's token, applies a player's action and the draws after it, stores
  what happened (one lock per game), expires idle games, and has the bots move;
- :mod:`~carcassonne_amazonas.web._bots` is the pool of worker processes the bots
  think in, off the request path (a lane for searching bots, one for cheap ones);
- :mod:`~carcassonne_amazonas.web._guards` refuses what no endpoint should see (a
  foreign ``Origin`` or ``Host``, a body that is not JSON, an address that is not UTF-8),
  believes forwarded headers from trusted proxies only, and limits how many games one
  address creates;
- :mod:`~carcassonne_amazonas.web._views` builds the JSON view a page draws a game with,
  and the updates of :mod:`~carcassonne_amazonas.web._stream`, the live stream of a game;
- :mod:`~carcassonne_amazonas.web._options` says what a new game may ask for: the seat
  kinds (the bots module's, with a cap on their thinking) and the rule variants;
- :mod:`~carcassonne_amazonas.web._requests` checks the JSON bodies the API accepts and
  defines :class:`~carcassonne_amazonas.web._requests.ApiError`, its one error;
- :mod:`~carcassonne_amazonas.web._openapi` describes the HTTP API as an OpenAPI 3.1
  document, checked against the app's routes;
- :mod:`~carcassonne_amazonas.web.app` is the Starlette application (the HTTP API and
  the page);
- ``static/`` holds the page: plain HTML, CSS and JavaScript, no build step.

Only :mod:`~carcassonne_amazonas.web.app`, :mod:`~carcassonne_amazonas.web._guards` and
:mod:`~carcassonne_amazonas.web._stream` (imported by the app alone) import Starlette, so
the command-line tool can describe ``serve`` and run ``games`` without the extra
installed.

The web layer's API is :func:`~carcassonne_amazonas.web.app.create_app` and what a program
that serves the app or looks after its games needs besides, exported here (all without
Starlette): the server's defaults (the values of ``create_app``'s parameters and of the
``serve`` command's options), :func:`parse_duration` (``serve --expire-after``), and the
games database, :class:`GameStore` with what its methods return and raise (the ``games``
command is built on it).
"""

from ._options import (
    DEFAULT_CREATE_LIMIT,
    DEFAULT_EXPIRE_AFTER,
    DEFAULT_MAX_BOT_BUDGET,
    DEFAULT_MAX_GAMES_PER_CLIENT,
    default_bot_workers,
    parse_duration,
)
from ._storage import (
    DEFAULT_MAX_OPEN_GAMES,
    DEFAULT_WRITE_TIMEOUT,
    SCHEMA_VERSION,
    GameStore,
    GameSummary,
    ReadOnlyDatabaseError,
    StaleWriteError,
    StoreBusyError,
    StoredGame,
    StoredSeat,
    default_db_path,
)

__all__ = ["DEFAULT_CREATE_LIMIT", "DEFAULT_EXPIRE_AFTER", "DEFAULT_MAX_BOT_BUDGET",
           "DEFAULT_MAX_GAMES_PER_CLIENT", "DEFAULT_MAX_OPEN_GAMES", "DEFAULT_WRITE_TIMEOUT",
           "SCHEMA_VERSION", "GameStore", "GameSummary", "ReadOnlyDatabaseError",
           "StaleWriteError", "StoreBusyError", "StoredGame", "StoredSeat",
           "default_bot_workers", "default_db_path", "parse_duration"]
