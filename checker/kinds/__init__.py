"""The kinds of question Mentat answers; importing this package registers them."""

from checker.kinds import movement, position, shipment, storm, unencoded

__all__ = ["movement", "position", "shipment", "storm", "unencoded"]
