"""Benchmark of the web app, bounded and on loopback only.

Prints:

- **CPU per move mid-game**, two ways, both at moves 40 to 60 of a 2-human game,
  median, excluding bot thinking (no bots):

  - *the server alone*: a real uvicorn server in its own process, its CPU time read
    from ``/proc/PID/task/*/schedstat`` (nanoseconds, every thread) around each move
    sent over one kept-alive loopback connection as the page sends it (without the
    board, without the log it shows: ``?log_after=``): the move's answer, and the move
    with the other player's page fetching the same step's view, as it does when the
    live stream tells it (Linux only; skipped elsewhere);
  - *in process*: ``time.process_time`` around each move through Starlette's
    TestClient, which runs in the same process, so the client's side and the hand-offs
    between its threads are counted too, with the board in each answer (as the page
    asked before it kept its board) and without it and the log shown (as it asks
    now);
- **bytes per game**: what a page downloads over a whole human-vs-greedy game, as the
  page asks for it (:func:`bytes_per_game`), raw and gzip-compressed (each tile
  picture named by address counted once, as a browser caches it), and the largest
  live-stream update against an early one (when the version has a stream);
- **32 clients**: moves per second and p50/p95/p99 latency of 32 threads, each playing
  its own 2-human game on a real uvicorn server on 127.0.0.1, for a fixed number of
  moves each;
- **GET while bots think**: the latency of GETs of one game while other games wait for
  ``mcts`` bots (created with bot seats that move first), p50/p95.
- **greedy while searches run**: how long a ``greedy`` bot takes to reply to a person's
  move (from the move's answer to the bot's move stored, as the page sees it) while
  ``--busy-games`` 4-player games keep their three ``mcts:100`` bots thinking (a thread
  per game plays its human seat at once), with the server's default bot workers,
  p50/p95/max; ``--only-bots`` runs this part alone.

Run::

    python benchmarks/bench_web.py [--moves N] [--clients N] [--busy-games N] [--only-bots]

Every load is on 127.0.0.1 and bounded in count (``--moves``, ``--clients``) and time
(each wait times out).  To compare with another version, run the script with
``PYTHONPATH`` pointing at that version's ``src``: options the version's ``create_app``
does not take are left out.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.client
import inspect
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

# The tests' server helper; to measure another version, point BENCH_WEB_TESTS at that
# version's tests/ (its helper matches its app).
sys.path.insert(0, os.environ.get("BENCH_WEB_TESTS")
                or str(Path(__file__).resolve().parent.parent / "tests"))

from carcassonne_amazonas.web.app import create_app
from web_helpers import running_server

Json = dict[str, Any]


def app_over(path: Path, **options: Any) -> Any:
    """``create_app`` with the options this version takes."""
    known = inspect.signature(create_app).parameters
    return create_app(path, **{k: v for k, v in options.items() if k in known})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def tokens_of(created: Json) -> dict[int, str]:
    return {seat["player"]: seat["token"] for seat in created["seats"] if seat["token"]}


def pick(view: Json, rng: random.Random) -> str:
    return str(rng.choice(view["legal"]))


def cpu_per_move(folder: Path, board: bool) -> float:
    """Median server CPU (ms) per human move, moves 40 to 60 of a 2-human game, each
    move's answer with the board (as the page asked before it kept its board) or not."""
    with TestClient(app_over(folder / f"cpu{int(board)}.sqlite3", create_limit=1000)) as client:
        created = client.post("/api/games", json={"players": 2, "seats": ["human", "human"],
                                                  "seed": 1}).json()
        tokens = tokens_of(created)
        game = created["game"]
        view = client.get(f"/api/games/{game}").json()
        rng = random.Random(2)
        times = []
        for number in range(60):
            body = {"token": tokens[view["to_move"]], "action": pick(view, rng)}
            started = time.process_time()
            view = client.post(f"/api/games/{game}/actions?board={int(board)}"
                               f"&log_after={0 if board else view['seq']}", json=body).json()
            if number >= 40:
                times.append(time.process_time() - started)
            if view["is_terminal"]:
                break
    return 1000 * statistics.median(times)


SERVER = """
import inspect, sys, uvicorn
from carcassonne_amazonas.web.app import create_app
known = inspect.signature(create_app).parameters
options = {"create_limit": 1000} if "create_limit" in known else {}
uvicorn.run(create_app(sys.argv[1], **options), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning")
"""


def process_cpu(pid: int) -> float:
    """The CPU time (s) of every thread of process ``pid`` so far, to the nanosecond."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            continue  # a thread that ended as it was read
    return total / 1e9


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def server_cpu_per_move(folder: Path) -> tuple[float, float] | None:
    """Median CPU (ms) of a real server process per move, moves 40 to 60 of a 2-human
    game: the move's answer alone, and with the other page's view of the same step."""
    if not Path("/proc/self/task").is_dir():
        return None
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(folder / "alone.sqlite3"),
                               str(port)], env=os.environ.copy())
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                connection.connect()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)

        def ask(method: str, path: str, body: Json | None = None) -> Json:
            data = None if body is None else json.dumps(body).encode()
            connection.request(method, path, body=data,  # as a browser asks
                               headers={"content-type": "application/json",
                                        "accept-encoding": "gzip"})
            response = connection.getresponse()
            raw = response.read()
            if response.getheader("content-encoding") == "gzip":
                raw = gzip.decompress(raw)
            answer: Json = json.loads(raw)
            return answer

        created = ask("POST", "/api/games", {"players": 2, "seats": ["human", "human"],
                                             "seed": 1})
        tokens, game = tokens_of(created), created["game"]
        view = ask("GET", f"/api/games/{game}")
        rng = random.Random(2)
        alone, both = [], []
        for number in range(60):
            body = {"token": tokens[view["to_move"]], "action": pick(view, rng)}
            started = process_cpu(server.pid)
            seq = view["seq"]  # the log a page shows: its view asks for the rest only
            view = ask("POST", f"/api/games/{game}/actions?board=0&log_after={seq}", body)
            answered = process_cpu(server.pid)
            ask("GET", f"/api/games/{game}?board=0&log_after={seq}")  # the other page
            if number >= 40:
                alone.append(answered - started)
                both.append(process_cpu(server.pid) - started)
            if view["is_terminal"]:
                break
        connection.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 1000 * statistics.median(alone), 1000 * statistics.median(both)


class Downloads:
    """What a page downloads, raw and gzipped; each tile picture once, as a browser
    caches it."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.raw = self.packed = 0
        self.seen: set[str] = set()

    def count(self, content: bytes) -> None:
        self.raw += len(content)
        self.packed += len(gzip.compress(content))

    def pictures(self, urls: list[str]) -> None:
        for url in urls:
            if url not in self.seen:
                self.seen.add(url)
                self.count(self.client.get(url).content)

    def fetch(self, answer: Any) -> Json:
        """An answer's bytes, and the pictures of the double tiles it offers."""
        self.count(answer.content)
        result: Json = answer.json()
        self.pictures([d["picture"] for d in result.get("doubles") or [] if "picture" in d])
        return result

    def hand(self, view: Json, action: str) -> None:
        """The pictures of the tile in hand the page shows: as it first lies, and turned
        as the tile is placed (``t0,4,90``)."""
        pictures = ((view.get("hand") or {}).get("pictures") or {})
        degrees = sorted(pictures, key=int)[:1] + action.split(",")[-1:]
        self.pictures([pictures[d] for d in degrees if d in pictures])


def bytes_per_game(folder: Path) -> tuple[int, int, int, int]:
    """Raw and gzipped bytes of the answers a page gets over a human-vs-greedy game,
    the first and the largest stream update after mid-game but for the last, which
    holds the final scoring (0 without a stream).

    A version whose page does not keep its board fetches each move's answer with the
    board.  One that does, as the page does now: the whole board when it opens, the piece
    step's preview of each tile (``?after=``), the turn's answer without the board, the
    stream's update, and the whole board again when a tile or a legal cell lies past
    the edge of the board it holds (one cell past the tiles, as the picture draws it)."""
    options = {"create_limit": 1000}
    with TestClient(app_over(folder / "bytes.sqlite3", **options)) as client:
        created = client.post("/api/games", json={"players": 2, "seats": ["human", "greedy"],
                                                  "seed": 3}).json()
        game, token = created["game"], tokens_of(created)[0]
        try:  # a version whose page keeps its board: the updates carry the tiles' pictures
            streams = "pictures" in stream_update(client, game, 0)
        except ImportError:
            streams = False
        page = Downloads(client)
        fetch, fetch_hand = page.fetch, page.hand
        view = fetch(client.get(f"/api/games/{game}?board=1"))
        extent = board_extent(view)
        rng = random.Random(4)
        updates: list[int] = []
        while not view["is_terminal"]:
            seq = view["seq"]
            actions = [pick(view, rng)]
            fetch_hand(view, actions[0])
            if streams and view["phase"] == "place tile":
                preview = fetch(client.get(f"/api/games/{game}",
                                           params={"after": actions[0], "log_after": seq}))
                if preview["phase"] == "place piece":
                    actions.append(pick(preview, rng))
            body = {"token": token, "actions": actions} if streams else \
                {"token": token, "action": actions[0]}
            view = fetch(client.post(f"/api/games/{game}/actions?board={int(not streams)}"
                                     f"&log_after={seq if streams else 0}",
                                     json=body))
            if not streams:
                continue
            update = stream_update(client, game, seq)
            updates.append(len(json.dumps(update)))
            page.count(json.dumps(update).encode())
            page.pictures([p["url"] for p in update["pictures"] if "url" in p])
            if past_edge(extent, update, view):
                extent = board_extent(fetch(client.get(f"/api/games/{game}?board=1")))
    if updates:
        third = max(1, len(updates) // 3)
        print(f"stream update, median: {statistics.median(updates[:third]):.0f} B in the "
              f"first third of the game, {statistics.median(updates[-third:]):.0f} B in the "
              "last")
    early = next((size for size in updates if size), 0)
    # The last update holds the final scoring (R-E2-R-E6), once a game: left out.
    return page.raw, page.packed, early, max(updates[len(updates) // 2:-1] or [0])


def past_edge(extent: tuple[int, int, int, int], update: Json, view: Json) -> bool:
    """Whether a tile of ``update`` or a legal cell of ``view`` lies past ``extent``."""
    cells = [cell for picture in update["pictures"] for cell in picture["cells"]] + [
        cell for option in view["placements"] for r in option["rotations"]
        for cell in r["cells"]]
    return not all(extent[0] <= x <= extent[1] and extent[2] <= y <= extent[3]
                   for x, y in cells)


def board_extent(view: Json) -> tuple[int, int, int, int]:
    """The cells a view's board picture shows: one past its tiles on every side."""
    xs = [x for _, x, _, _ in view["state"]["placements"]]
    ys = [y for _, _, y, _ in view["state"]["placements"]]
    return min(xs) - 1, max(xs) + 2, min(ys) - 1, max(ys) + 2


def stream_update(client: TestClient, game: str, seq: int) -> Json:
    """The stream's update since ``seq``."""
    from carcassonne_amazonas.web._views import update_of
    service = client.app.state.service  # type: ignore[attr-defined]
    update: Json = update_of(service.load(game), seq)
    return update


def stream_update_size(client: TestClient, game: str, seq: int) -> int:
    """The size of the stream's update since ``seq`` (0 without a stream)."""
    try:
        return len(json.dumps(stream_update(client, game, seq)))
    except ImportError:
        return 0


def post(url: str, body: Json) -> Json:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        answer: Json = json.load(response)
    return answer


def get(url: str) -> Json:
    with urllib.request.urlopen(url, timeout=60) as response:
        answer: Json = json.load(response)
    return answer


def clients_playing(folder: Path, clients: int, moves: int) -> tuple[float, list[float]]:
    """Moves per second and each move's latency (s), ``clients`` threads on loopback."""
    latencies: list[float] = []
    lock = threading.Lock()
    app = app_over(folder / "load.sqlite3", create_limit=1000)
    with running_server(folder / "load.sqlite3", app) as base:

        def play(number: int) -> None:
            created = post(f"{base}/api/games", {"players": 2, "seats": ["human", "human"]})
            tokens, game = tokens_of(created), created["game"]
            view = get(f"{base}/api/games/{game}")
            rng = random.Random(number)
            for _ in range(moves):
                if view["is_terminal"]:
                    break
                started = time.perf_counter()
                view = post(f"{base}/api/games/{game}/actions",
                            {"token": tokens[view["to_move"]], "action": pick(view, rng)})
                with lock:
                    latencies.append(time.perf_counter() - started)

        threads = [threading.Thread(target=play, args=(n,)) for n in range(clients)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
        elapsed = time.perf_counter() - started
    return len(latencies) / elapsed, latencies


def gets_while_bots_think(folder: Path, games: int, gets: int) -> list[float]:
    """Latencies (s) of GETs of one game while ``games`` games' mcts bots think."""
    latencies: list[float] = []
    app = app_over(folder / "bots.sqlite3", bot_workers=1, create_limit=1000)
    with running_server(folder / "bots.sqlite3", app) as base:
        game = post(f"{base}/api/games", {"players": 2, "seats": ["human", "human"]})["game"]
        creators = [threading.Thread(target=post, args=(
            f"{base}/api/games", {"players": 4, "seats": ["mcts", "mcts", "mcts", "human"]}))
            for _ in range(games)]
        for thread in creators:
            thread.start()
        time.sleep(0.2)
        for _ in range(gets):
            started = time.perf_counter()
            get(f"{base}/api/games/{game}")
            latencies.append(time.perf_counter() - started)
            time.sleep(0.05)
        for thread in creators:
            thread.join(timeout=600)
    return latencies


def default_workers() -> int:
    """The bot workers ``serve`` starts by default in this version (a function of the
    ``web`` package from 1.0.0, of its private ``_bots`` before)."""
    from carcassonne_amazonas import web
    public = getattr(web, "default_bot_workers", None)
    if public is not None:
        return int(public())
    from carcassonne_amazonas.web import _bots
    return int(_bots.default_bot_workers())


def keep_busy(base: str, created: Json, stop: threading.Event) -> None:
    """Play the human seat of a game at once whenever it is to move, so that its bots
    think all the time, until ``stop``."""
    game, token = created["game"], tokens_of(created)[0]
    rng = random.Random(game)
    while not stop.is_set():
        view = get(f"{base}/api/games/{game}?log_after=100000")
        if view["is_terminal"]:
            return
        if view["to_move"] == 0 and view["bot"] is None:
            with contextlib.suppress(urllib.error.HTTPError):  # moved on: look again
                post(f"{base}/api/games/{game}/actions", {"token": token,
                                                          "action": pick(view, rng)})
        else:
            stop.wait(0.1)


def greedy_replies(folder: Path, busy: int, replies: int) -> tuple[list[float], int]:
    """How long (s) a greedy bot takes to reply to a person's move, ``replies`` times,
    while ``busy`` games' mcts bots think; and the bot workers the server had."""
    workers = default_workers()
    app = app_over(folder / "greedy.sqlite3", bot_workers=workers, create_limit=1000,
                   max_games_per_client=1000)
    waits: list[float] = []
    with running_server(folder / "greedy.sqlite3", app) as base:
        stop = threading.Event()
        games = [post(f"{base}/api/games", {"players": 4, "seats": ["human"] + ["mcts:100"] * 3})
                 for _ in range(busy)]
        threads = [threading.Thread(target=keep_busy, args=(base, game, stop), daemon=True)
                   for game in games]
        for thread in threads:
            thread.start()
        try:
            time.sleep(3)  # the searches under way
            created = post(f"{base}/api/games", {"players": 2, "seats": ["human", "greedy"]})
            game, token = created["game"], tokens_of(created)[0]
            view = get(f"{base}/api/games/{game}")
            rng = random.Random(5)
            while len(waits) < replies and not view["is_terminal"]:
                try:
                    view = post(f"{base}/api/games/{game}/actions",
                                {"token": token, "action": pick(view, rng)})
                except urllib.error.HTTPError as error:
                    seen = {key: view[key] for key in ("seq", "phase", "to_move", "bot")}
                    raise RuntimeError(f"{error.code} {error.read()!r} after the view "
                                       f"{seen}") from None
                if view["to_move"] != 1:
                    continue  # the human's turn goes on (its piece, say)
                started, seq = time.perf_counter(), view["seq"]
                deadline = started + 120
                while view["seq"] == seq or view["bot"] is not None:
                    if time.perf_counter() > deadline:
                        raise RuntimeError("the greedy bot did not reply in 120 s")
                    time.sleep(0.01)
                    view = get(f"{base}/api/games/{game}")
                waits.append(time.perf_counter() - started)
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=120)
    return waits, workers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="moves per client (20)")
    parser.add_argument("--clients", type=int, default=32, help="clients playing (32)")
    parser.add_argument("--bot-games", type=int, default=8,
                        help="games whose bots think during the GETs (8)")
    parser.add_argument("--busy-games", type=int, default=6,
                        help="games whose mcts bots think while greedy replies (6)")
    parser.add_argument("--replies", type=int, default=20,
                        help="greedy replies measured (20)")
    parser.add_argument("--only-bots", action="store_true",
                        help="measure the greedy replies only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        waits, workers = greedy_replies(folder, args.busy_games, args.replies)
        print(f"greedy's reply while {args.busy_games} games' mcts:100 bots think "
              f"({workers} bot workers, {os.cpu_count()} CPUs): p50 "
              f"{1000 * percentile(waits, 0.5):.0f} ms, p95 "
              f"{1000 * percentile(waits, 0.95):.0f} ms, max {1000 * max(waits):.0f} ms "
              f"({len(waits)} replies)")
        if args.only_bots:
            return
        alone = server_cpu_per_move(folder)
        if alone is not None:
            print(f"server CPU per move, mid-game, the server alone (its own process): "
                  f"{alone[0]:.2f} ms for the move's answer, {alone[1]:.2f} ms with the "
                  "other page's view of the step (median)")
        print(f"server CPU per move, mid-game, in process with the test client: "
              f"{cpu_per_move(folder, True):.2f} ms with the board, "
              f"{cpu_per_move(folder, False):.2f} ms without (median)")
        raw, packed, early, late = bytes_per_game(folder)
        print(f"bytes per human-vs-greedy game: {raw / 1e6:.2f} MB raw, "
              f"{packed / 1e6:.2f} MB gzipped")
        if early:
            print(f"stream update: early {early} B, largest after mid-game (but the final "
                  f"scoring's) {late} B")
        rate, latencies = clients_playing(folder, args.clients, args.moves)
        print(f"{args.clients} clients: {rate:.0f} moves/s, latency p50 "
              f"{1000 * percentile(latencies, 0.5):.0f} ms, p95 "
              f"{1000 * percentile(latencies, 0.95):.0f} ms, p99 "
              f"{1000 * percentile(latencies, 0.99):.0f} ms")
        gets = gets_while_bots_think(folder, args.bot_games, 40)
        print(f"GET while {args.bot_games} games' bots think: p50 "
              f"{1000 * percentile(gets, 0.5):.0f} ms, p95 {1000 * percentile(gets, 0.95):.0f} ms")


if __name__ == "__main__":
    main()
