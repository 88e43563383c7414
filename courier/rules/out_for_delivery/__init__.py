"""Out For Delivery: couriers of old deliver parcels between six cities through weather and mishaps."""

from courier.rules import registry
from courier.rules.out_for_delivery.game import GAME, OutForDelivery

registry.register(GAME)

__all__ = ["GAME", "OutForDelivery"]
