"""Courier: pick-up-and-deliver board games on one laptop."""

__version__ = "0.1.0"
