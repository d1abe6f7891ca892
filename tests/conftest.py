import os

import pytest

# CI (CI=true, as .ci/run runs) draws the same property examples every run, so that a submission's verdict is its
# code's, not the draw's; a developer's `make test` searches afresh each run and finds new cases (record each one
# found as an @example beside its test).
try:                                  # the lowest-versions run installs pytest alone
    from hypothesis import settings
except ImportError:
    settings = None
if settings is not None:
    settings.register_profile("ci", derandomize=True)
    if os.environ.get("CI"):
        settings.load_profile("ci")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Rewrite tests/golden/*.txt from the current generators instead of comparing.")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture(autouse=True)
def no_user_printer_profile(tmp_path_factory, monkeypatch):
    """Tests never read the user's printer profiles (washigen/profiles.py): each sees an empty config folder."""
    monkeypatch.setenv("WASHIGEN_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
