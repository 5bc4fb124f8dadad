"""Reviews of a variant: lint, balance, reach in a few moves, the diff of two variants."""
