"""What validation finds: violations with a stable rule id, a severity, a place and a sentence.

A violation's sentence is English in `message`; where the rule wrote it as a words.Says, `text(lang)` gives it in
another language (the studio's German page, `validate --lang de`). The rule id and the place's keys stay as they
are in JSON: they are names a script reads, not words."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from .words import N_, Says

Severity = Literal["error", "warning"]
SOURCE_LANGUAGE = "en"

# The words of a report's text form: its places' names and its severities.
PLACE_WORDS = {"area": N_("area"), "card": N_("card"), "cell": N_("cell"), "colours": N_("colours"),
               "destination": N_("destination"), "end": N_("end"), "exchange": N_("exchange"),
               "field": N_("field"), "first": N_("first"), "location": N_("location"), "other": N_("other"),
               "path": N_("path"), "position": N_("position"), "road": N_("road"), "row": N_("row"),
               "seat": N_("seat"), "seed": N_("seed"), "segment": N_("segment"), "tile": N_("tile"),
               "zone": N_("zone")}
SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning")}


def _where_text(where: dict[str, Any], lang: str = SOURCE_LANGUAGE) -> str:
    _ = _translator(lang)
    return ", ".join(f"{_(PLACE_WORDS[key]) if key in PLACE_WORDS else key} {_.value(value)}"
                     for key, value in where.items())


def _translator(lang: str):
    from .i18n import translator      # imported late: the games' rules import this module, not the catalogs

    return translator(lang)


@dataclass(frozen=True)
class Violation:
    rule: str                      # stable id, e.g. "cats.home-row.no-red-sewer"
    severity: Severity
    message: str                   # a sentence a player understands, in English
    where: dict[str, Any] = field(default_factory=dict, hash=False)  # e.g. {"cell": (3, 7)}
    says: Says | None = field(default=None, compare=False, hash=False, repr=False)   # the message, to translate
    # A line that stands for violations a capped report leaves unlisted (how many; 0 for a violation itself).
    unlisted: int = field(default=0, compare=False, hash=False)

    @classmethod
    def error(cls, rule: str, message: str | Says, **where: Any) -> "Violation":
        return cls.of(rule, "error", message, where)

    @classmethod
    def warning(cls, rule: str, message: str | Says, **where: Any) -> "Violation":
        return cls.of(rule, "warning", message, where)

    @classmethod
    def of(cls, rule: str, severity: Severity, message: str | Says, where: dict[str, Any],
           unlisted: int = 0) -> "Violation":
        if isinstance(message, Says):
            return cls(rule, severity, str(message), where, message, unlisted)
        return cls(rule, severity, message, where, unlisted=unlisted)

    @property
    def count(self) -> int:
        """How many violations this line stands for: itself, or those a capped report leaves unlisted."""
        return self.unlisted or 1

    def text(self, lang: str = SOURCE_LANGUAGE) -> str:
        """The message in `lang` (English where the rule gave no Says)."""
        if lang == SOURCE_LANGUAGE or self.says is None:
            return self.message
        return _translator(lang).says(self.says)

    def to_dict(self, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        where = {k: list(v) if isinstance(v, tuple) else v for k, v in self.where.items()}
        found = {"rule": self.rule, "severity": self.severity, "where": where, "message": self.text(lang)}
        return found | {"unlisted": self.unlisted} if self.unlisted else found

    def place(self, lang: str = SOURCE_LANGUAGE) -> str:
        """Where it is, in words of `lang`: "cell (3, 7)", "Feld (3; 7)"; empty where the rule names no place."""
        return _where_text(self.where, lang)

    def line(self, lang: str = SOURCE_LANGUAGE) -> str:
        """One line of the text form: severity, rule, place and message."""
        _ = _translator(lang)
        place = self.place(lang)
        head = _("{severity}: {rule} at {place}") if place else "{severity}: {rule}"
        return head.format(severity=_(SEVERITY_WORDS[self.severity]), rule=self.rule, place=place) + \
            f": {self.text(lang)}"

    def __str__(self) -> str:
        return self.line()


@dataclass(frozen=True)
class Report:
    violations: tuple[Violation, ...] = ()

    @classmethod
    def of(cls, violations: Iterable[Violation]) -> "Report":
        return cls(tuple(violations))

    def __add__(self, other: "Report") -> "Report":
        return Report(self.violations + other.violations)

    def __iter__(self):
        return iter(self.violations)

    def __len__(self) -> int:
        return len(self.violations)

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "error")

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "warning")

    @property
    def error_count(self) -> int:
        """How many rules are broken, counting those a capped report leaves unlisted (`errors` holds its lines)."""
        return sum(v.count for v in self.errors)

    @property
    def warning_count(self) -> int:
        return sum(v.count for v in self.warnings)

    @property
    def ok(self) -> bool:
        """True when no rule is broken (warnings allowed)."""
        return not self.errors

    def rules(self) -> set[str]:
        return {v.rule for v in self.violations}

    def to_dict(self, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
        return {"valid": self.ok, "errors": self.error_count, "warnings": self.warning_count,
                "violations": [v.to_dict(lang) for v in self.violations]}

    def to_json(self, lang: str = SOURCE_LANGUAGE) -> str:
        return json.dumps(self.to_dict(lang), indent=2, ensure_ascii=False)

    def format_text(self, lang: str = SOURCE_LANGUAGE) -> str:
        _ = _translator(lang)
        if not self.violations:
            return _("valid: no rule broken")
        head = _("valid: {errors}, {warnings}") if self.ok else _("invalid: {errors}, {warnings}")
        errors, warnings = self.error_count, self.warning_count
        lines = [head.format(errors=_.ngettext("{count} error", "{count} errors", errors).format(count=errors),
                             warnings=_.ngettext("{count} warning", "{count} warnings", warnings).format(
                                 count=warnings))]
        lines += [f"  {v.line(lang)}" for v in self.violations]
        return "\n".join(lines)
