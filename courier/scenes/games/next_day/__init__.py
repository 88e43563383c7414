"""Next Day's board view: the county map, the side panel and the auction dialog (see ``view``)."""

from courier.scenes.games.next_day.view import make_view

__all__ = ["make_view"]
