"""The resource-requirement language: ``select[...] order[...] rusage[...] span[...]``, compound
``N*{...} + M*{...}``, alternatives ``{...} || {...}``, nesting and the empty alternative ``{}``."""

from refsim.resreq.ast import Alternatives, Compound, Empty, Requirement, Single, Span
from refsim.resreq.parser import ResreqError, parse_requirement

__all__ = ["Alternatives", "Compound", "Empty", "Requirement", "ResreqError", "Single", "Span", "parse_requirement"]
