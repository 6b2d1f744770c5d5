"""`imprenta serve`: the preview page and what it asks for, over HTTP on this machine only.

Starlette answers the page, the files and a Server-Sent Events stream; uvicorn runs it; watchfiles says
when a file of the game was saved (the operating system's own notification, not polling). Everything the
page reads is one of three things: a view or a print the build wrote, a line of a game file the loader would
read, or the JSON of the latest snapshot. A path that leaves its folder or passes through a symbolic link is
not found, like every other reader of content (SEC001).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import stat
from pathlib import Path, PurePosixPath

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from generator.serve.session import Session

PAGE = Path(__file__).resolve().parents[2] / "templates" / "serve" / "page.html"
TYPES = {".svg": "image/svg+xml", ".html": "text/html; charset=utf-8", ".pdf": "application/pdf",
         ".png": "image/png", ".json": "application/json"}
SKIPPED = frozenset({"build", ".git", "__pycache__"})
VIEW_BYTES = 16 * 1024 * 1024       # a view larger than this is streamed like a print
SOURCE_CONTEXT = 6                    # lines shown before and after the one a finding or a piece points at


def make_app(session: Session, hosts: list[str]) -> Starlette:
    listeners: set[asyncio.Queue] = set()
    announced = [-1]                         # the version the page was last sent

    def announce(snapshot) -> None:
        if snapshot.version <= announced[0]:     # already sent, or older than what was
            return
        announced[0] = snapshot.version
        for queue in list(listeners):
            queue.put_nowait(snapshot.as_json())

    printing: list[asyncio.Task] = []

    async def build_prints() -> None:
        process = await asyncio.create_subprocess_exec(
            *session.print_command(), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
            start_new_session=True, preexec_fn=lambda: os.nice(10))
        try:
            code = await process.wait()
        except asyncio.CancelledError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)      # its render workers too
            await process.wait()
            raise
        if code == 0:
            announce(session.prints_done())

    async def rebuild() -> None:
        for task in printing:
            task.cancel()
        printing.clear()
        loop = asyncio.get_running_loop()

        def shown(snapshot) -> None:        # from the build's thread, as each view is written
            loop.call_soon_threadsafe(announce, snapshot)

        # each view is sent as soon as it is written: a card does not wait for the living rules that quote it
        await asyncio.to_thread(session.build_views, shown)
        announce(session.snapshot)
        if not session.superseded.is_set():        # else the next save's views come first
            printing.append(asyncio.create_task(build_prints()))

    async def watch() -> None:
        import watchfiles

        saved = asyncio.Event()

        async def notice() -> None:
            async for _ in watchfiles.awatch(session.folder, debounce=30, step=10, watch_filter=_saved,
                                             recursive=True):
                saved.set()
                session.superseded.set()          # a build still drawing the last save's views stops

        # Watching starts before the first build, whose views the page shows as they come: a save made
        # meanwhile, or during any build, stops what that build still draws and builds again.
        noticing = asyncio.create_task(notice())
        await asyncio.sleep(0)
        saved.set()
        try:
            while True:
                await saved.wait()
                saved.clear()
                session.superseded.clear()
                await rebuild()
        finally:
            noticing.cancel()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        task = asyncio.create_task(watch())
        yield
        task.cancel()
        for job in printing:
            job.cancel()
        await asyncio.gather(task, *printing, return_exceptions=True)

    async def page(request: Request) -> Response:
        return HTMLResponse(PAGE.read_text(encoding="utf-8").replace("{{game}}", session.folder.name))

    async def state(request: Request) -> Response:
        return Response(session.snapshot.as_json(), media_type="application/json")

    async def events(request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        listeners.add(queue)
        queue.put_nowait(session.snapshot.as_json())

        async def stream():
            try:
                while True:
                    try:
                        data = await asyncio.wait_for(queue.get(), timeout=15)
                        yield f"data: {data}\n\n"
                    except TimeoutError:
                        yield ": still here\n\n"          # keeps proxies and the browser from closing the stream
            finally:
                listeners.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def view(request: Request) -> Response:
        return _file(session.view_folder, request.path_params["path"], whole=True)

    async def printed(request: Request) -> Response:
        return _file(session.print_folder, request.path_params["path"])

    async def source(request: Request) -> Response:
        found = _source_lines(session.folder, request.query_params.get("file", ""),
                              _int(request.query_params.get("line")))
        return JSONResponse(found) if found else Response("not found", status_code=404)

    async def where(request: Request) -> Response:
        found = await asyncio.to_thread(_where, session.folder, request.path_params["kind"],
                                        request.path_params["id"])
        return JSONResponse(found) if found else Response("not found", status_code=404)

    routes = [Route("/", page), Route("/state", state), Route("/events", events),
              Route("/view/{path:path}", view), Route("/print/{path:path}", printed),
              Route("/source", source), Route("/where/{kind}/{id}", where)]
    # A page of another site must not reach this server through a name that resolves to this machine.
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)])


def _saved(change, path: str) -> bool:
    """A save in the game folder worth a build: not the build's own outputs, not an editor's swap file."""
    parts = PurePosixPath(path).parts
    name = parts[-1] if parts else ""
    return not (SKIPPED & set(parts) or name.startswith(".") or name.endswith(("~", ".swp", ".tmp")))


def _inside(root: Path, relative: str) -> Path | None:
    """`root/relative` when it is a regular file reached without a link or a step out of `root`."""
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith("/") or any(part in ("..", ".", "") or "\\" in part for part in parts):
        return None
    current = root
    for part in parts:
        current = current / part
        try:
            mode = os.lstat(current).st_mode
        except OSError:
            return None
        if stat.S_ISLNK(mode):
            return None
    return current if stat.S_ISREG(os.lstat(current).st_mode) else None


def _file(root: Path, relative: str, whole: bool = False) -> Response:
    """The file, streamed; `whole`: read at once here, for a view (a few kilobytes, at most a few megabytes
    for the living rules), which a stream would read in several trips to a worker thread, each waiting for a
    core on a busy machine, while the designer waits to see it."""
    path = _inside(root, relative)
    if path is None:
        return Response("not found", status_code=404)
    kind, headers = TYPES.get(path.suffix, "application/octet-stream"), {"Cache-Control": "no-store"}
    try:
        if whole and path.stat().st_size <= VIEW_BYTES:
            return Response(path.read_bytes(), media_type=kind, headers=headers)
    except OSError:                 # replaced by a new build since: the page asks for the new one
        return Response("not found", status_code=404)
    return FileResponse(path, media_type=kind, headers=headers)


def _source_lines(folder: Path, relative: str, line: int) -> dict | None:
    """The lines around `line` of a game file, as the loader reads it (text, inside the folder, no link)."""
    path = _inside(folder, relative)
    if path is None or line < 1 or path.stat().st_size > 8 * 1024 * 1024:
        return None
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    first = max(1, line - SOURCE_CONTEXT)
    return {"file": relative, "line": line, "first": first,
            "lines": lines[first - 1: min(len(lines), line + SOURCE_CONTEXT)]}


def _where(folder: Path, kind: str, id_: str) -> dict | None:
    """The file and line where a piece, card or section is written (loaded afresh: the file may just have changed)."""
    from generator.load import load_game
    from generator.model import where

    game = load_game(folder).game
    shape = game.get(kind, id_) if game is not None and kind in game.entities else None
    if shape is None:
        return None
    span = where(shape, "id")
    try:
        relative = str(Path(span.file).resolve().relative_to(folder))
    except ValueError:
        return None
    return {"file": relative, "line": span.line}


def _int(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0


def make_server(folder: Path, language: str, out: Path, host: str = "127.0.0.1", port: int = 0,
                profile: str = "home"):
    """The uvicorn server for one game; it says its address once it listens (`bound_port(server)`)."""
    import uvicorn

    session = Session(folder, language, out, profile)
    hosts = ["127.0.0.1", "localhost", "[::1]", host] if host not in ("0.0.0.0", "::") else ["*"]

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            print(f"imprenta serve: {folder.name} ({language}) at http://{host}:{bound_port(self)}/  "
                  f"(Ctrl-C stops)", flush=True)

    return Server(uvicorn.Config(make_app(session, hosts), host=host, port=port, log_level="warning",
                                 lifespan="on"))


def bound_port(server) -> int:
    return server.servers[0].sockets[0].getsockname()[1] if server.servers else server.config.port
