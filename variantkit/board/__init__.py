"""The board drawn: render, the schematic board, a phase's marks, pictures of diffs and balance."""
