"""The decision trace: settings, a collector (sched's observer), structured records, rendering, the store and the
file copy; and reading a JSON trace file back (`load`). sched never imports this package; the console builds
collectors and renders them."""

from refsim.trace.model import TraceRecord
from refsim.trace.reader import TraceFormatError, load, parse, read

__all__ = ["TraceFormatError", "TraceRecord", "load", "parse", "read"]
