"""Maps the data folders at the top of the repository (assets/, templates/, seeds/) into the package as
washigen.assets, washigen.templates and washigen.seeds, so a wheel carries them inside washigen/ and
importlib.resources finds them wherever it is installed (washigen/paths.py). Everything else is in pyproject.toml.

Every folder under washigen/ is a package (namespace discovery), so data folders such as washigen/locale/ and
washigen/studio/static/ travel with it without a line here.

Building compiles each message catalog (washigen/locale/<lang>/LC_MESSAGES/washigen.po) into the .mo file gettext
reads, with babel, a build requirement only: an installed washigen reads the .mo and needs no babel."""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

DATA_PACKAGES = {"washigen.assets": "assets", "washigen.assets.fonts": "assets/fonts",
                 "washigen.templates": "templates", "washigen.seeds": "seeds"}


class build_with_catalogs(build_py):
    """build_py, then every .po of the package compiled to a .mo beside its copy in the build."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return                     # an editable install reads the checkout's .po (washigen/i18n.py)
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path("washigen/locale").glob("*/LC_MESSAGES/*.po"):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem)
            with target.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)


setup(packages=[*find_namespace_packages(include=["washigen", "washigen.*"], exclude=["*.__pycache__"]),
                *DATA_PACKAGES],
      package_dir=DATA_PACKAGES,
      cmdclass={"build_py": build_with_catalogs})
