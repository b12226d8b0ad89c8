"""The pure core (no pytest import): canonical JSON and hashing, atomic writes, the
clock, cases, lanes, metrics, aggregation, holdout crypto and project discovery."""
