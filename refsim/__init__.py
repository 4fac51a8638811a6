"""refsim: a reference simulator for an LSF-like batch scheduler, with a decision trace."""

__version__ = "0.1.0"
