"""Package Pandemonium: secret priority cards, three-step routes on a 5x5 city, and the Rogue."""

from courier.rules import registry
from courier.rules.package_pandemonium.game import GAME, PackagePandemonium

registry.register(GAME)

__all__ = ["GAME", "PackagePandemonium"]
