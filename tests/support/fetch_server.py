"""A real HTTP server on 127.0.0.1 for the fetch tests: it serves responses the test records.

Each path has a queue of :class:`Reply`; a request takes the next one (the last one repeats).
A reply may be slow (a pause before each chunk of the body), cut (the connection closed
after part of the body, with the full Content-Length announced) or endless (the body sent
again and again in chunked transfer encoding until the client hangs up), and may carry a
reason phrase of its own. Every request is logged
with the client's port, so a test can see how many connections were used.
"""

from __future__ import annotations

import gzip
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


#: The longest an endless reply goes on if the client never hangs up.
ENDLESS_SECONDS = 60.0


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    cut_after: int | None = None      # bytes sent before the connection is closed
    pause: float = 0.0                # seconds before each chunk of the body
    chunk: int = 64
    gzip: bool = False                # send the body with Content-Encoding: gzip
    reason: str | None = None         # the status line's reason phrase (default: the usual one)
    endless: bool = False             # chunked, the body repeated until the client hangs up


class _QuietServer(ThreadingHTTPServer):
    """A server that says nothing when a client hangs up on it (as the tests' clients do on purpose)."""

    def handle_error(self, request, client_address) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


@dataclass
class Hit:
    path: str
    port: int


class RecordedServer:
    """Serve ``routes`` (path with query -> replies) on a free loopback port, in a thread."""

    def __init__(self) -> None:
        self.routes: dict[str, list[Reply]] = {}
        self.hits: list[Hit] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # http.server's name
                with server._lock:
                    server.hits.append(Hit(self.path, self.client_address[1]))
                    queue = server.routes.get(self.path)
                    reply = (queue.pop(0) if len(queue) > 1 else queue[0]) if queue else Reply(404, b"not found")
                body = gzip.compress(reply.body) if reply.gzip else reply.body
                self.send_response(reply.status, reply.reason)
                if reply.endless:
                    self._send_endless(reply)
                    return
                self.send_header("Content-Length", str(len(body)))
                if reply.gzip:
                    self.send_header("Content-Encoding", "gzip")
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.end_headers()
                send = body if reply.cut_after is None else body[: reply.cut_after]
                for i in range(0, len(send), reply.chunk):
                    if reply.pause:
                        time.sleep(reply.pause)
                    try:
                        self.wfile.write(send[i: i + reply.chunk])
                        self.wfile.flush()
                    except OSError:
                        return
                if reply.cut_after is not None:
                    self.close_connection = True

            def _send_endless(self, reply: Reply) -> None:
                self.send_header("Transfer-Encoding", "chunked")
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.close_connection = True
                piece = reply.body[: reply.chunk] or b"x"
                frame = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
                deadline = time.monotonic() + ENDLESS_SECONDS
                while time.monotonic() < deadline:   # a bound, should a client never hang up
                    if reply.pause:
                        time.sleep(reply.pause)
                    try:
                        self.wfile.write(frame)
                    except OSError:
                        return

        self.httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)

    def serve(self, path: str, *replies: Reply) -> None:
        self.routes[path] = list(replies)

    def paths(self) -> list[str]:
        return [h.path for h in self.hits]

    def __enter__(self) -> RecordedServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
