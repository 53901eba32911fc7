"""What the computer players of either Bésigue read of a seat's view: the classic
game's ``DealView`` and the Haitian game's ``HaitiView`` are both a ``SeatView``."""

from games.besigue.seen import SeatView

__all__ = ["SeatView"]
