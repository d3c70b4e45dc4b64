"""The web app: play Carcassonne – Amazonas in the browser, against bots or with friends.

``carcassonne-amazonas serve`` starts it (:mod:`carcassonne_amazonas.cli._serve`; extra
``[web]``: Starlette and uvicorn).  The app is a thin layer over the library's public
API:

- :mod:`~carcassonne_amazonas.web._storage` keeps every game in SQLite as its game
  record: the setup, the seats and an append-only list of actions;
- :mod:`~carcassonne_amazonas.web._service` is the game service: it replays a stored
  game, checks a seat's token, applies a player's action, then draws the tiles (with
  the library's exact sampler and a secret seed, so that no answer tells the tiles to
  come) and moves the bots, and stores what happened;
- :mod:`~carcassonne_amazonas.web._views` builds the JSON view a page draws a game with;
- :mod:`~carcassonne_amazonas.web._options` says what a new game may ask for: the seat
  kinds (the bots module's, with a cap on their thinking) and the rule variants;
- :mod:`~carcassonne_amazonas.web._requests` checks the JSON bodies the API accepts and
  defines :class:`~carcassonne_amazonas.web._requests.ApiError`, its one error;
- :mod:`~carcassonne_amazonas.web.app` is the Starlette application (the HTTP API and
  the page);
- ``static/`` holds the page: plain HTML, CSS and JavaScript, no build step.

Only :mod:`~carcassonne_amazonas.web.app` imports Starlette, so the command-line tool
can describe ``serve`` without the extra installed.
"""
