"""The storm's movement: its distance, the sectors it crosses, what it destroys."""
