"""schemathesis against a live server: what ``test_web_openapi.py`` runs in a process
of its own (schemathesis patches Hypothesis for the rest of the process it runs in).

Every operation of ``/api/openapi.json``, a bounded number of generated requests each
(valid ones, then malformed ones, which must be refused with a 4xx the document
describes), against unknown games and against a real one; prints the failures and
exits 1 if there are any.  Usage: ``python tests/web/schemathesis_live.py DB_PATH``.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # web_helpers

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from carcassonne_amazonas.web.app import create_app
from web_helpers import Json, running_server, tokens_of

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]


def main(db: Path) -> int:
    """Run the checks against a server over ``db``; 0 when nothing failed."""
    app = create_app(db, max_bot_budget=2, create_limit=10_000, max_games_per_client=10_000)
    with running_server(db, app) as base:
        game = schemathesis.openapi.from_url(f"{base}/api/openapi.json")
        playing = post(f"{base}/api/games", {"players": 2, "seats": ["human", "greedy"],
                                             "seed": 1})["game"]
        # A finished game for the live stream, which ends then (an unfinished game's
        # stream goes on until the client leaves).
        over = post(f"{base}/api/games", {"players": 2, "seats": ["human", "greedy"],
                                          "seed": 2})
        finish(base, over)
        failures: list[str] = []
        unbreakable: set[str] = set()
        for result in game.get_all_operations():
            operation = cast(Any, result).ok()
            ids: list[dict[str, Any] | None] = [None]
            if "{game_id}" in operation.path:
                ids.append({"game_id": over["game"]})
                if not operation.path.endswith("/events"):
                    ids.append({"game_id": playing})
            for path_parameters in ids:
                # (typed Any: the enum's base, StrEnum, is not in Python 3.10's stubs)
                modes: list[Any] = [schemathesis.GenerationMode.POSITIVE,
                                    schemathesis.GenerationMode.NEGATIVE]
                for mode in modes:
                    strategy = operation.as_strategy(generation_mode=mode,
                                                     path_parameters=path_parameters)
                    checks = CHECKS + ([negative_data_rejection]
                                       if mode is schemathesis.GenerationMode.NEGATIVE else [])
                    try:
                        run_cases(strategy, base, checks)
                    except Unsatisfiable:  # no request breaks this operation's schema
                        assert mode is schemathesis.GenerationMode.NEGATIVE
                        unbreakable.add(f"{operation.method.upper()} {operation.path}")
                    except Exception as error:  # collected, then reported
                        failures.append(f"{operation.method.upper()} {operation.path} "
                                        f"({mode}, {path_parameters}): {error}")
        # Those whose parameters are free text: every other one got malformed requests.
        expected = {"GET /", "GET /api/config", "GET /api/games/{game_id}/record",
                    "GET /api/games/{game_id}/board.svg", "GET /api/tiles/{key}/{tile}/{name}"}
        if unbreakable != expected:
            failures.append(f"operations no malformed request could be made for: "
                            f"{sorted(unbreakable)}, expected {sorted(expected)}")
    print("\n\n".join(failures))
    print(f"{len(failures)} failures")
    return 1 if failures else 0


def post(url: str, body: Json) -> Json:
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        result: Json = json.load(answer)
    return result


def finish(base: str, created: Json) -> None:
    """Play the human seat of ``created`` to the end (its last legal action each time)."""
    game, token = created["game"], tokens_of(created)[0]
    with urllib.request.urlopen(f"{base}/api/games/{game}", timeout=60) as answer:
        current = json.load(answer)
    while not current["is_terminal"]:
        current = post(f"{base}/api/games/{game}/actions",
                       {"token": token, "action": current["legal"][-1]})


def run_cases(strategy: st.SearchStrategy[Any], base: str, checks: list[Any]) -> None:
    @settings(max_examples=15, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def check(case: Any) -> None:
        case.call_and_validate(base_url=base, checks=checks, timeout=30)

    check()


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
