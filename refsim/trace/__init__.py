"""The decision trace: settings, the collector (sched's observer) and the record of a decision it keeps, the text
and JSON renderers of that record, the store and the file copy; and reading a JSON trace file back (`load`). sched
never imports this package; the console builds collectors and renders their records."""

from refsim.trace.model import TraceRecord
from refsim.trace.reader import TraceFormatError, load, parse, read

__all__ = ["TraceFormatError", "TraceRecord", "load", "parse", "read"]
