"""Tile pictures by address, ``GET /api/tiles/{SET}/{ID}/{DEGREES}.svg``:

- a view names the tile in hand's pictures (one per legal turn, R-G5) and the double
  tiles' (R-T3) by address, and a live-stream update each placed tile's; no view or
  update carries a picture's SVG text, so an update's size does not depend on the tiles;
- a picture is served once for every copy of a design (R-F7), cropped to the tile's
  outline, with an ``ETag``, and for good (``immutable``) at the address a view gives;
  without its ``v`` a browser asks again, and a 304 answers while it is the same;
- the bonus-river set (R-V3) has its own addresses;
- a malformed address answers 400, an unknown set, tile or turn 404; the API's own
  answers stay uncached.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import reference_tileset
from carcassonne_amazonas.tiles.geometry import Rotation
from carcassonne_amazonas.web._pictures import picture_url
from carcassonne_amazonas.web._views import update_of
from web_helpers import Json, act, create, tokens_of, view

SVG = "{http://www.w3.org/2000/svg}"
SET = reference_tileset().checksum[:16]


def picture(client: TestClient, url: str) -> ET.Element:
    """The picture at ``url``, checked: served for good, cropped to the tile."""
    answer = client.get(url)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert answer.headers["etag"] == f'"{url.rpartition("v=")[2]}"'
    root = ET.fromstring(answer.text)
    outline = root.find(f".//{SVG}rect[@class='outline']")
    assert outline is not None
    assert root.get("viewBox") == " ".join(outline.get(a, "") for a in ("x", "y", "width",
                                                                          "height"))
    return root


def test_views_and_updates_name_pictures_by_address(client: TestClient) -> None:
    """The hand's pictures per turn (R-G5), and each tile placed in an update (R-T3)."""
    created = create(client, ["human", "human"], seed=5)
    game = created["game"]
    current = view(client, game)
    pictures = current["hand"]["pictures"]
    turns = {str(r["degrees"]) for option in current["placements"] for r in option["rotations"]}
    assert set(pictures) == turns
    for degrees, url in pictures.items():
        assert re.fullmatch(rf"/api/tiles/{SET}/\d+/{degrees}\.svg\?v=[0-9a-f]{{16}}", url)
        picture(client, url)
    tokens = tokens_of(created)
    action = current["placements"][0]["rotations"][0]
    after: Json = act(client, game, tokens[current["to_move"]], action["action"])
    update = update_of(client.app.state.service.load(game), current["seq"])  # type: ignore[attr-defined]
    assert "<svg" not in str(update) and "<svg" not in str(after)
    assert update["pictures"] == [{"cells": action["cells"],
                                   "url": pictures[str(action["degrees"])]}]


def test_copies_of_a_design_share_one_address_the_bonus_set_its_own() -> None:
    """Copies with the same design look the same (R-F7); the R-V3 set is another set."""
    tileset = reference_tileset()
    by_design: dict[object, set[str]] = {}
    for tile in tileset.tiles:
        by_design.setdefault(tile.design, set()).add(
            picture_url(tileset, tile, tile.layout.rotations[0]))
    assert all(len(urls) == 1 for urls in by_design.values())
    assert len({url for urls in by_design.values() for url in urls}) == len(by_design)
    bonus = reference_tileset(bonus_river=True)
    start = bonus.start_tile
    assert picture_url(bonus, start, Rotation.R0).startswith(
        f"/api/tiles/{bonus.checksum[:16]}/")
    assert bonus.checksum[:16] != SET


def test_a_picture_is_revalidated_without_its_version(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=5)
    url = next(iter(view(client, created["game"])["hand"]["pictures"].values()))
    path, _, version = url.partition("?v=")
    for address in (path, f"{path}?v=0000"):
        answer = client.get(address)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
        assert answer.headers["etag"] == f'"{version}"'
    again = client.get(path, headers={"if-none-match": f'W/"{version}"'})
    assert again.status_code == 304 and again.content == b""


@pytest.mark.parametrize(("address", "status"), [
    (f"/api/tiles/{SET}/x/90.svg", 400),
    (f"/api/tiles/{SET}/1/45.svg", 400),
    (f"/api/tiles/{SET}/1/90.png", 400),
    (f"/api/tiles/{SET}/1234567/0.svg", 400),
    (f"/api/tiles/{'0' * 16}/1/0.svg", 404),
    (f"/api/tiles/{SET}/9999/0.svg", 404),
    (f"/api/tiles/{SET}/{int(reference_tileset().start_tile.id)}/90.svg", 404),  # R-G5
])
def test_bad_picture_addresses_are_refused(client: TestClient, address: str,
                                           status: int) -> None:
    answer = client.get(address)
    assert answer.status_code == status
    assert answer.json()["error"]
    assert answer.headers["cache-control"] == "no-store"


def test_api_answers_stay_uncached(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=5)
    assert client.get(f"/api/games/{created['game']}").headers["cache-control"] == "no-store"
