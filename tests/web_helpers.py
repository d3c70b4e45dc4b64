"""Helpers of the web app's tests: a real uvicorn server in a thread, and a client's game.

The server listens on a socket bound to port 0 before it starts, so the port is free
and known without sleeping; it stops when ``should_exit`` is set (signals are only
hooked on the main thread, so running it in a thread is safe).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from carcassonne_amazonas.web.app import create_app


@contextmanager
def running_server(db_path: Path) -> Iterator[str]:
    """A real uvicorn server of the app over ``db_path`` on a free port of 127.0.0.1;
    yields its base URL and stops it on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(db_path), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
