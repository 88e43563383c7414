"""Scenes: the screens of the app, stacked (menu, setup, board, handoff, scoring, ...)."""
