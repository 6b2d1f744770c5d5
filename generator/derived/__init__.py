"""What is computed from the model, never typed: the reference grammar, section numbers, counts, adjacency, the bill
of materials."""
