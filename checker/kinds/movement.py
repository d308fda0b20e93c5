"""Movement: one group, one origin, one destination, along a path of territories."""
