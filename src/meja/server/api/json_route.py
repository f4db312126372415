"""Request bodies decoded by the server's own JSON reader, whatever their Content-Type says.

FastAPI decodes a body only when its Content-Type names JSON, with the standard library (whose
recursion a deeply nested body exhausts) and folds any other failure into one vague 400. Each
route here reads its body first with `protocol.parse_json`, which refuses nesting beyond
MAX_JSON_DEPTH and answers `bad_json` in one line, then hands FastAPI the decoded value.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.types import Scope

from meja.server.protocol import parse_json


class JsonRequest(Request):
    """A request whose json() is the server's depth-limited decoder."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = parse_json(await self.body())
        return self._json


def _declared_json(scope: Scope) -> Scope:
    """The scope with Content-Type: application/json, so FastAPI takes the decoded body."""
    headers = [(name, value) for name, value in scope["headers"] if name != b"content-type"]
    return {**scope, "headers": [*headers, (b"content-type", b"application/json")]}


class JsonRoute(APIRoute):
    """A route whose body, if it takes one, is decoded (or refused) before FastAPI sees it."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        if self.body_field is None:
            return handler

        async def decode_first(request: Request) -> Response:
            decoded = JsonRequest(_declared_json(request.scope), request.receive)
            await decoded.json()
            return await handler(decoded)

        return decode_first
