"""Importers: external workload formats turned into refsim recordings."""
