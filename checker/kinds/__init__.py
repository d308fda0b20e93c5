"""The kinds of question Mentat answers; importing this package registers them."""

from checker.kinds import battle, movement, position, shipment, storm, unencoded

__all__ = ["battle", "movement", "position", "shipment", "storm", "unencoded"]
