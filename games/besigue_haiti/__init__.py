"""Bésigue as played in Haiti, offered under its own id (``besigue-haiti``): its
rules are a variant of Bésigue's, in ``games.besigue.haiti``."""

from games.besigue.haiti.spec import SPEC

__all__ = ["SPEC"]
