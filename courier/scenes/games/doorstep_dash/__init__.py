"""Doorstep Dash's board view (see :mod:`.view`)."""

from courier.scenes.games.doorstep_dash.view import make_view

__all__ = ["make_view"]
