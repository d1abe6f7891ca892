"""`washigen studio`: serves the page on 127.0.0.1 until Ctrl-C."""

from __future__ import annotations

import click

DEFAULT_PORT = 8765


@click.command("studio")
@click.option("--port", type=click.IntRange(1024, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port on 127.0.0.1 to serve the page on.")
@click.option("--open/--no-open", "open_browser", default=True, show_default=True,
              help="Open the page in the web browser.")
def studio_command(port: int, open_browser: bool):
    """A local web page to make, edit, check and print every game's parts: pick a game, set its parameters, see
    the design and its report live, edit it, and download PDF, PNG, SVG or JSON. Only this computer can reach it
    (127.0.0.1); Ctrl-C stops it."""
    import socket

    import uvicorn

    from ..errors import InputError
    from .options import note
    from ..studio.app import create_app

    url = f"http://127.0.0.1:{port}/"
    with socket.socket() as probe:      # a clear message instead of uvicorn's log when the port is taken
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            raise InputError(f"--port: {port} is in use on 127.0.0.1; choose another with --port") from None
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    note(f"washigen studio: {url}  (Ctrl-C stops it)")
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:   # uvicorn stops on Ctrl-C, then raises it again: a stop asked for, so exit 0
        pass
    note("washigen studio: stopped")


__all__ = ["studio_command", "DEFAULT_PORT"]
