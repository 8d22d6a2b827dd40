"""pytest setup for the folio binding: import the package from this source
tree, and end with the "N passed, N failed" line every folio test prints."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
SOURCE_DIR = os.environ.get("FOLIO_SOURCE_DIR",
                            os.path.abspath(os.path.join(HERE, "..", "..", "..")))


@pytest.fixture
def corpus():
    """The sample corpus directory of the source tree."""
    return os.path.join(SOURCE_DIR, "corpus")


def pytest_terminal_summary(terminalreporter):
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    terminalreporter.write_line("%d passed, %d failed" % (passed, failed))
