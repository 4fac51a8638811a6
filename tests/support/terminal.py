"""A text stream that says it is a terminal, so progress output meant only for terminals is written to it."""

import io


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True
