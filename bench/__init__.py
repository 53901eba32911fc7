"""Benchmarks: each script prints its figures (none is part of the tests)."""
