"""HTTP plumbing: the middleware every REST call goes through (holds, injected faults,
rate limits, misbehaviour, authorisation, the request log), reading request bodies and
writing JSON answers.

Route templates (used in the request log and for fault injection) follow
discord.py's own, relative to ``/api/v10``, e.g. ``POST /channels/{channel_id}/messages``
or ``POST /interactions/{interaction_id}/{interaction_token}/callback``.

Behaviour copied from Discord because discord.py or the bot depends on it:

- JSON bodies carry ``Content-Type: application/json`` exactly; discord.py
  compares the header verbatim and treats anything else as text.
- A 429 carries a ``Via`` header and a JSON ``retry_after``; without ``Via``
  discord.py takes it for a Cloudflare ban and raises instead of retrying.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.message import Message
from typing import Any

import orjson
from aiohttp import web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from .errors import DiscordError, error_body
from .ids import id_or_zero
from .model import JSON
from .records import Fault, RequestRecord
from .state import API_PREFIX
from .waiting import Waiting

log = logging.getLogger("tests.e2e.fake")

CATCH_ALL = "/{tail:.*}"
BODY: web.RequestKey[Any] = web.RequestKey("body")


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json`` (no charset)."""
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    body = orjson.dumps(data)
    return web.Response(status=status, body=body, headers=all_headers)


class HttpPlumbing(Waiting):
    """The middleware, and what it applies to every request."""

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if request.path == "/" or not request.path.startswith(API_PREFIX):
            return await handler(request)
        started = time.perf_counter()
        route = request.match_info.route
        resource = route.resource
        unknown = resource is None or route.handler == self._unknown
        template = "?" if resource is None or unknown else resource.canonical
        template = template.removeprefix(API_PREFIX)
        path = request.path.removeprefix(API_PREFIX)
        method = request.method
        body: Any = None
        error: str | None = None
        code: int | None = None
        response: web.StreamResponse
        self.last_request_at = time.monotonic()
        hold = next(
            (h for h in self.holds if not h.opened.is_set() and h.matches(method, template, path)),
            None,
        )
        if hold is not None:
            hold.held += 1
            self._bump()
            await hold.opened.wait()
            if hold.dropped:
                return json_response({"message": "503: held and dropped", "code": 0}, 503)
        fault = next(
            (f for f in self.faults if f.remaining > 0 and f.matches(method, template, path)), None
        )
        if fault is None:
            fault = self._rate_limited(method, template, request)
        trouble = None
        gone = False  # the client went away while its request was read
        if fault is None and self.misbehaviour is not None:
            channel = self.channels.get(id_or_zero(request.match_info.get("channel_id", 0)))
            uploads = request.content_type.startswith("multipart/")
            trouble = self.misbehaviour.answer(method, template, channel, uploads)
        if fault is not None and not fault.taken:
            fault.remaining -= 1
            fault.hits += 1
            response = self._fault_response(fault)
            error = f"injected {fault.status}"
        elif trouble is not None:
            response = json_response(trouble.body, trouble.status, trouble.headers)
            error = f"misbehaving: {trouble.status} {trouble.body.get('code', '')}"
        else:
            try:
                body = await _read_body(request)
                request[BODY] = body
                if not self._authorised(request, template):
                    raise DiscordError(401, 0, "401: Unauthorized")
                response = await handler(request)
            except DiscordError as exc:
                error = exc.message + "".join(f"; {e}" for e in exc.errors)
                code = exc.code
                response = json_response(error_body(exc), exc.status)
            except ConnectionResetError as exc:  # the bot killed mid-request: nobody to answer
                error = f"client gone: {exc!r}"
                gone = True
                response = json_response({"message": error, "code": 0}, 400)
            except Exception as exc:
                # A bug of the fake itself: answer 400 (not 500, which discord.py
                # retries for half a minute) and make it loud.
                log.exception("fake Discord failed on %s %s", method, path)
                error = f"fake Discord internal error: {exc!r}"
                self.internal_errors.append(error)
                response = json_response({"message": error, "code": 0}, 400)
            if fault is not None and response.status < 400:  # done, and answered as if not
                fault.remaining -= 1
                fault.hits += 1
                response = self._fault_response(fault)
                error = f"injected {fault.status} (taken)"
        record = RequestRecord(
            method,
            path,
            f"{method} {template}",
            response.status,
            body if not isinstance(body, Multipart) else body.payload,
            time.monotonic(),
            time.perf_counter() - started,
            error,
            code,
        )
        self.requests.append(record)
        if unknown:
            self.unknown_requests.append(record)
            log.warning("fake Discord: unknown route %s %s", method, request.path)
        elif 400 <= response.status < 500 and fault is None and trouble is None and not gone:
            self.rejected_requests.append(record)
            log.info("fake Discord: %s %s -> %s %s", method, path, response.status, error)
        self._bump()
        return response

    def _rate_limited(self, method: str, template: str, request: web.Request) -> Fault | None:
        """A one-off 429 fault when a rate-limited bucket (or the global limit) is full,
        else None."""
        over = self._globally_limited(method, template)
        if over is not None:
            return over
        limit = self.rate_limits.get(f"{method} {template}")
        if limit is None:
            return None
        count, per = limit
        info = request.match_info
        major = next(
            (info[k] for k in ("channel_id", "guild_id", "interaction_token") if k in info), ""
        )
        now = time.monotonic()
        window = self._buckets.setdefault(f"{method} {template} {major}", [])
        window[:] = [t for t in window if t > now - per]
        if len(window) < count:
            window.append(now)
            return None
        fault = Fault(
            method, template, 429, 1, retry_after=max(0.001, round(window[0] + per - now, 3))
        )
        self.rate_limit_hits.append(fault)
        return fault

    def _globally_limited(self, method: str, template: str) -> Fault | None:
        if self.global_limit is None or template.startswith(("/interactions/", "/webhooks/")):
            return None
        count, per = self.global_limit
        now = time.monotonic()
        window = self._global_window
        window[:] = [t for t in window if t > now - per]
        if len(window) < count:
            window.append(now)
            return None
        retry = max(0.001, round(window[0] + per - now, 3))
        fault = Fault(method, template, 429, 1, retry_after=retry, is_global=True)
        self.rate_limit_hits.append(fault)
        return fault

    def _fault_response(self, fault: Fault) -> web.Response:
        if fault.status == 429:
            return json_response(
                {
                    "message": "You are being rate limited.",
                    "retry_after": fault.retry_after,
                    "global": fault.is_global,
                },
                429,
                headers={
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(fault.retry_after))),
                    "X-RateLimit-Scope": "global" if fault.is_global else "user",
                },
            )
        return json_response(
            {"message": f"{fault.status}: injected failure", "code": 0}, fault.status
        )

    def _authorised(self, request: web.Request, template: str) -> bool:
        if template.startswith(("/interactions/", "/webhooks/")) or template == "?":
            return True
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot "):
            return False
        return self.token is None or auth == f"Bot {self.token}"

    async def _get_attachment(self, request: web.Request) -> web.Response:
        """An uploaded file, as Discord's CDN serves it."""
        data = self.attachment_data.get(int(request.match_info["attachment_id"]))
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type="image/png")

    async def _unknown(self, request: web.Request) -> web.Response:
        return json_response({"message": "404: Not Found", "code": 0}, 404)


@dataclass
class Multipart:
    payload: JSON
    files: list[tuple[str, bytes, str]]


async def _read_body(request: web.Request) -> Any:
    if not request.can_read_body:
        return None
    # the header as sent, not aiohttp's content_type: that parses it with the email
    # package, some 7 % of the fake's time under load
    header = request.headers.get("Content-Type", "")
    body = await request.read()
    if header.partition(";")[0].strip().lower() == "multipart/form-data":
        return _form_data(body, header)
    if not body:
        return None
    try:
        return orjson.loads(body)
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


def _form_data(body: bytes, content_type: str) -> Multipart:
    """A ``multipart/form-data`` body (RFC 7578), read whole: its ``payload_json`` part and
    its files. Not through aiohttp's streaming reader (``request.multipart()``), which
    calls the deprecated ``StreamReader.unread_data`` when the body reaches it in uneven
    pieces; the fake's bodies are small, and ``client_max_size`` bounds them."""
    header = Message()
    header["Content-Type"] = content_type
    boundary = header.get_boundary()
    if not boundary:
        raise DiscordError(400, 50035, "Invalid Form Body", ["multipart body without boundary"])
    payload: JSON = {}
    files: list[tuple[str, bytes, str]] = []
    # each part follows a delimiter line ("--" and the boundary, the CRLF before it
    # belonging to the delimiter); the first part's has no CRLF before it, and the close
    # delimiter ends with "--"
    parts = (b"\r\n" + body).split(b"\r\n--" + boundary.encode())
    if len(parts) < 2 or not parts[-1].startswith(b"--"):
        raise DiscordError(400, 50035, "Invalid Form Body", ["multipart body not closed"])
    for part in parts[1:-1]:
        head, blank, content = part.partition(b"\r\n\r\n")
        if not blank:
            raise DiscordError(400, 50035, "Invalid Form Body", ["multipart part without body"])
        headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n")[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        _, params = parse_content_disposition(headers.get("content-disposition"))
        filename = content_disposition_filename(params)
        if params.get("name") == "payload_json":
            try:
                payload = orjson.loads(content)
            except ValueError as exc:
                raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
        elif filename:
            files.append((filename, content, headers.get("content-type", "")))
    return Multipart(payload, files)
