import pytest


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
