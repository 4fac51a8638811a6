"""Every scenario of features/ (base REPL conventions and the spec's criteria)."""

from pytest_bdd import scenarios

scenarios("../../features")
