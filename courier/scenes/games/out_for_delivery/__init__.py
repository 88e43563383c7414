"""Out For Delivery's board view: ``view`` (input and the GameView), ``board`` (geometry and
drawing), ``panel``, ``dialogs``, ``text`` (the words) and ``anim`` (events to animations)."""

from courier.scenes.games.out_for_delivery.view import make_view

__all__ = ["make_view"]
