"""Maps the data folders at the top of the repository (assets/, templates/, seeds/) into the package as
washigen.assets, washigen.templates and washigen.seeds, so a wheel carries them inside washigen/ and
importlib.resources finds them wherever it is installed (washigen/paths.py). Everything else is in pyproject.toml.

Every folder under washigen/ is a package (namespace discovery), so data folders such as washigen/locale/ and
washigen/studio/static/ travel with it without a line here."""

from setuptools import find_namespace_packages, setup

DATA_PACKAGES = {"washigen.assets": "assets", "washigen.assets.fonts": "assets/fonts",
                 "washigen.templates": "templates", "washigen.seeds": "seeds"}

setup(packages=[*find_namespace_packages(include=["washigen", "washigen.*"], exclude=["*.__pycache__"]),
                *DATA_PACKAGES],
      package_dir=DATA_PACKAGES)
