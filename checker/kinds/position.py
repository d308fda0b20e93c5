"""A position without a move: is it a position the rules allow?"""
