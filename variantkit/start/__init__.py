"""A starting position as people write it: a power's start in game masters' notation, a rules text's list."""
