"""A test server in a thread (imported by the tests that load a page over http)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def serving(server: Any) -> Iterator[str]:
    """A server (``socketserver``'s) answering in a thread while the caller's fixture lasts: its base URL on
    127.0.0.1. The book's site (tests/test_browser.py) and ``mentat serve``'s page (tests/test_serve_browser.py)."""
    import threading

    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
