"""REST routes answering interactions: the callback, then follow-ups and edits through the
interaction's webhook.

Behaviour copied from Discord because discord.py or the bot depends on it:

- An interaction must be acknowledged within ``ack_deadline`` seconds (3) and
  only once (code 40060 otherwise); its token works for ``token_lifetime`` (15
  minutes) for follow-ups and edits of ``@original``.
"""

from __future__ import annotations

import time

from aiohttp import web

from .errors import DiscordError
from .http_plumbing import json_response
from .ids import id_or_zero
from .interaction import (
    ALLOWED_CALLBACKS,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    UPDATE_MESSAGE,
    Callback,
    SimInteraction,
)
from .limits import choices_errors, message_errors, modal_errors
from .model import FLAG_EPHEMERAL, FLAG_LOADING, JSON, FakeMessage
from .rest_channels import ChannelRoutes


class InteractionRoutes(ChannelRoutes):
    """``/interactions/{interaction_id}/{interaction_token}/callback`` and
    ``/webhooks/{application_id}/{interaction_token}/...``."""

    def _interaction_for_callback(self, request: web.Request) -> SimInteraction:
        ix = self.interactions.get(id_or_zero(request.match_info["interaction_id"]))
        if ix is None or ix.token != request.match_info["interaction_token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        return ix

    def _reject(self, ix: SimInteraction, exc: DiscordError) -> DiscordError:
        ix.rejected.append(f"{exc.status} {exc.code} {exc.message} {exc.errors}".strip())
        return exc

    async def _callback(self, request: web.Request) -> web.StreamResponse:
        ix = self._interaction_for_callback(request)
        if ix.acked:
            raise self._reject(
                ix, DiscordError(400, 40060, "Interaction has already been acknowledged.")
            )
        if self.ack_deadline is not None and time.monotonic() - ix.created_at > self.ack_deadline:
            raise self._reject(ix, DiscordError(404, 10062, "Unknown interaction"))
        body, attachments = self._message_body(request)
        ctype = int(body.get("type", 0))
        data: JSON = dict(body.get("data") or {})
        if attachments:
            data["attachments"] = attachments
        if ctype not in ALLOWED_CALLBACKS.get(ix.type, frozenset()):
            raise self._reject(
                ix,
                DiscordError(
                    400,
                    50035,
                    "Invalid Form Body",
                    [f"callback type {ctype} is not valid for interaction type {ix.type}"],
                ),
            )
        if ctype == UPDATE_MESSAGE and ix.message is None:
            raise self._reject(
                ix, DiscordError(400, 50035, "Invalid Form Body", ["no message to update"])
            )
        if ctype == UPDATE_MESSAGE and ix.message is not None and ix.message.deleted:
            # clicked before it was deleted, answered after: there is no message to update
            raise self._reject(ix, DiscordError(404, 10008, "Unknown Message"))
        via = "POST /interactions/{interaction_id}/{interaction_token}/callback"
        errors: list[str] = []
        if ctype == CHANNEL_MESSAGE:
            errors = message_errors(data, creating=True)
        elif ctype == UPDATE_MESSAGE:
            errors = message_errors(data, creating=False)
        elif ctype == AUTOCOMPLETE_RESULT:
            errors = choices_errors(list(data.get("choices") or []))
        elif ctype == MODAL:
            errors = modal_errors(data)
        if errors:
            raise self._reject(ix, DiscordError(400, 50035, "Invalid Form Body", errors))

        if ctype == CHANNEL_MESSAGE:
            ix.original = self.create_message(
                ix.channel, data, via=via, interaction=ix, attachments=attachments
            )
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            ix.original = self.create_message(
                ix.channel, {"flags": flags}, via=via, interaction=ix, extra_flags=FLAG_LOADING
            )
        elif ctype == DEFERRED_UPDATE_MESSAGE:
            ix.original = ix.message
        elif ctype == UPDATE_MESSAGE:
            assert ix.message is not None
            self.edit_message(ix.message, data, via=via)
            ix.original = ix.message
        elif ctype == AUTOCOMPLETE_RESULT:
            ix.choices = list(data.get("choices") or [])
            self._record_other("interaction.autocomplete", ix, {"choices": ix.choices}, via)
        elif ctype == MODAL:
            ix.modal = data
            self._record_other("interaction.modal", ix, data, via)
        ix.callback = Callback(ctype, data)
        ix.acked_at = time.perf_counter()
        for hook in self.callback_hooks:
            hook(ix)
        self._bump()

        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        original = (
            ix.original
            if ctype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE)
            else None
        )
        meta: JSON = {
            "id": str(ix.id),
            "type": ix.type,
            "response_message_loading": ctype == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(original is not None and original.ephemeral),
        }
        resource: JSON = {"type": ctype}
        if original is not None:
            meta["response_message_id"] = str(original.id)
            resource["message"] = original.payload
        return json_response({"interaction": meta, "resource": resource})

    def _interaction_for_webhook(self, request: web.Request) -> SimInteraction:
        if id_or_zero(request.match_info["application_id"]) != self.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        ix = self._by_token.get(request.match_info["interaction_token"])
        if ix is None or not ix.acked:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if ix.token_expired or time.monotonic() - ix.created_at > self.token_lifetime:
            raise self._reject(ix, DiscordError(401, 50027, "Invalid Webhook Token"))
        return ix

    def _webhook_message(self, ix: SimInteraction, request: web.Request) -> FakeMessage:
        ref = request.match_info["message_id"]
        if ref == "@original":
            message = ix.original
        else:
            mid = id_or_zero(ref)
            candidates = [*ix.followups, *([ix.original] if ix.original else [])]
            message = next((m for m in candidates if m.id == mid), None)
        if message is None or message.deleted:
            raise self._reject(ix, DiscordError(404, 10008, "Unknown Message"))
        return message

    async def _followup(self, request: web.Request) -> web.StreamResponse:
        ix = self._interaction_for_webhook(request)
        body, attachments = self._message_body(request)
        errors = message_errors(
            {**body, "attachments": attachments or body.get("attachments")}, creating=True
        )
        if errors:
            raise self._reject(ix, DiscordError(400, 50035, "Invalid Form Body", errors))
        via = "POST /webhooks/{application_id}/{interaction_token}"
        original = ix.original
        if (
            ix.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
        ):
            # The first follow-up after a "thinking" defer fills the deferred message in.
            self.edit_message(
                original, {**body, "attachments": attachments}, via=via, clear_loading=True
            )
            message = original
        else:
            message = self.create_message(
                ix.channel, body, via=via, interaction=ix, attachments=attachments
            )
            ix.followups.append(message)
        self._bump()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.payload)
        return web.Response(status=204)

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        ix = self._interaction_for_webhook(request)
        return json_response(self._webhook_message(ix, request).payload)

    async def _patch_webhook_message(self, request: web.Request) -> web.Response:
        ix = self._interaction_for_webhook(request)
        message = self._webhook_message(ix, request)
        body, attachments = self._message_body(request)
        if attachments:
            body["attachments"] = attachments
        errors = message_errors(body, creating=False)
        if errors:
            raise self._reject(ix, DiscordError(400, 50035, "Invalid Form Body", errors))
        via = "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}"
        self.edit_message(message, body, via=via, clear_loading=message.loading)
        ix.token_edits += 1
        return json_response(message.payload)

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        ix = self._interaction_for_webhook(request)
        message = self._webhook_message(ix, request)
        self.delete_message(
            message,
            via="DELETE /webhooks/{application_id}/{interaction_token}/messages/{message_id}",
        )
        return web.Response(status=204)
