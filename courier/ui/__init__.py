"""Widgets, fonts, colours, tweens and drawing helpers shared by every scene."""
