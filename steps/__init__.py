"""Step definitions and REPL drivers for the Gherkin features (pytest-bdd)."""
