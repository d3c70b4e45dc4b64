"""The HTTP API's OpenAPI 3.1 document, ``GET /api/openapi.json``:

- it describes every route and nothing else (the app refuses to start otherwise), and
  its schemas are valid JSON Schemas;
- the views, steps and answers of a whole game with bots conform to it;
- schemathesis, on a live uvicorn server, sends each operation generated requests, valid
  and malformed, to unknown games and to a real one: no server error, and every status,
  content type, header and body is the document's.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")
pytest.importorskip("schemathesis", reason="needs schemathesis ([test])")

from starlette.routing import Route
from starlette.testclient import TestClient

from carcassonne_amazonas.web._openapi import OPERATIONS, openapi_document
from carcassonne_amazonas.web._views import update_of
from carcassonne_amazonas.web.app import ROUTES, create_app
from web_helpers import Json, create, tokens_of, view

# A dependency of schemathesis, whose types are not installed: typed as Any.
jsonschema: Any = importlib.import_module("jsonschema")

def validator(document: Json, name: str) -> Any:
    """A validator of the document's component ``name``, its references resolved."""
    schema = {"$ref": f"#/components/schemas/{name}", **{"components": document["components"]}}
    return jsonschema.Draft202012Validator(schema)


def test_the_document_describes_every_route_and_nothing_else(client: TestClient) -> None:
    answer = client.get("/api/openapi.json")
    assert answer.status_code == 200
    document = answer.json()
    assert document["openapi"] == "3.1.0"
    routed = {(route.path, method.lower()) for route in ROUTES if isinstance(route, Route)
              for method in route.methods or () if method != "HEAD"}
    described = {(path, method) for path, item in document["paths"].items()
                 for method in item}
    assert routed == described
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert {"400", "500"} <= set(operation["responses"]), (path, method)
            for status, response in operation["responses"].items():
                assert response["description"], (path, method, status)
    for schema in document["components"]["schemas"].values():
        jsonschema.Draft202012Validator.check_schema(schema)


def test_a_route_without_a_description_or_a_description_without_a_route_is_refused() -> None:
    async def hidden(request: Any) -> Any:
        raise AssertionError

    with pytest.raises(ValueError, match=r"routes not described \[\('/api/hidden', 'get'\)\]"):
        openapi_document([*ROUTES, Route("/api/hidden", hidden)], "0")
    with pytest.raises(ValueError, match=r"descriptions of no route \[\('/api/config', 'get'\)"):
        openapi_document([route for route in ROUTES
                          if getattr(route, "path", "") != "/api/config"], "0")
    assert "/api/games/{game_id}/actions" in OPERATIONS


def test_the_answers_of_a_whole_game_conform(db_path: Path) -> None:
    with TestClient(create_app(db_path, max_bot_budget=3)) as client:
        document = client.get("/api/openapi.json").json()
        views, steps = validator(document, "View"), validator(document, "Step")
        validator(document, "Config").validate(client.get("/api/config").json())
        body = {"players": 3, "seats": ["human", "greedy", "mcts:2"], "seed": 3,
                "names": ["Ann", "", "Bo"], "rules": {"camp_scoring": "per-camp"}}
        validator(document, "NewGame").validate(body)
        created = create(client, ["human", "greedy", "mcts:2"], seed=3,
                         names=body["names"], rules=body["rules"])
        validator(document, "Created").validate(created)
        game, token = created["game"], tokens_of(created)[0]
        current = view(client, game)
        service = cast(Any, client.app).state.service
        while not current["is_terminal"]:
            views.validate(current)
            seq = current["seq"]
            move = {"token": token, "action": current["legal"][-1], "seq": seq}
            validator(document, "Actions").validate(move)
            answer = client.post(f"/api/games/{game}/actions?board=1&log_after={seq}",
                                 json=move)
            assert answer.status_code == 200
            current = answer.json()
            steps.validate({**update_of(service.load(game), seq), "bot": None})
        views.validate(current)
        assert current["final_scoring"] is not None
        for path in (f"/api/games/{game}/segment?x=0&y=0", "/api/games/nope"):
            answer = client.get(path)
            schema = "Segment" if answer.status_code == 200 else "Error"
            validator(document, schema).validate(answer.json())


def test_a_thinking_bots_status_conforms() -> None:
    document = openapi_document(ROUTES, "0")
    bot = {"$ref": "#/components/schemas/View/properties/bot",
           "components": document["components"]}
    checker = jsonschema.Draft202012Validator(bot)
    for status in (None, {"queued": 2}, {"thinking": True, "since": "2026-12-04T20:31:37.123Z"}):
        checker.validate(status)
    assert not checker.is_valid({"thinking": True})


@pytest.mark.slow
def test_schemathesis_finds_no_failure_on_a_live_server(tmp_path: Path) -> None:
    """Every operation, a bounded number of generated requests each (valid ones, then
    malformed ones, which must be refused with a 4xx the document describes), against
    unknown games and against a real one: ``schemathesis_live.py``, in a process of its
    own, since schemathesis patches Hypothesis for the rest of the process it runs in
    (its example printer prints nothing), which would break the failure reports that
    ``tests/testing`` checks."""
    script = Path(__file__).with_name("schemathesis_live.py")
    done = subprocess.run([sys.executable, str(script), str(tmp_path / "live.sqlite3")],
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failures" in done.stdout, done.stdout


def test_the_snapshot_and_the_record_are_the_file_formats_schemas(client: TestClient) -> None:
    """The view's state and the record answer refer to the shipped JSON Schemas of the
    snapshot and the record (formats.schemas), rewritten to plain pointers, rather than
    describing the formats a second time."""
    from carcassonne_amazonas.formats.schemas import schema

    document = client.get("/api/openapi.json").json()
    components = document["components"]["schemas"]
    assert components["View"]["properties"]["state"]["$ref"] == "#/components/schemas/State"
    record = document["paths"]["/api/games/{game_id}/record"]["get"]["responses"]["200"]
    assert record["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Record"}
    for name, component in (("state", "State"), ("record", "Record")):
        shipped = schema(name)
        assert components[component]["properties"]["schema"] == shipped["properties"]["schema"]
        assert set(components[component]["$defs"]) == set(shipped["$defs"])
    text = json.dumps(components)
    assert "urn:carcassonne-amazonas" not in text and '"$id"' not in text
