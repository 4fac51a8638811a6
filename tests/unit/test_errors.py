"""RefsimError's message stays one line whatever it quotes: characters that are not printable are escapes."""

from refsim.errors import RefsimError, printable
from refsim.sim.reader import RecordingError


def test_a_quoted_newline_tab_nul_or_override_is_shown_as_its_escape():
    """A sweep file's key '\\n' once split `unknown key '...'` over two lines of stderr."""
    error = RecordingError("s.yaml", "recordings[0]", "unknown key '\n\t\x00\u202e'")
    assert str(error) == "s.yaml: recordings[0]: unknown key '\\n\\t\\x00\\u202e'"


def test_printable_text_is_left_as_it_is():
    """Non-ASCII that prints (an accent, a superscript, an Arabic-Indic digit) and backslashes are not escaped."""
    text = "café ² ١٢ a\\nb"
    assert printable(text) == text and str(RefsimError(text)) == text
