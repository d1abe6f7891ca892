"""What validation finds: violations with a stable rule id, a severity, a place and a sentence."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

Severity = Literal["error", "warning"]


def _where_text(where: dict[str, Any]) -> str:
    parts = []
    for key, value in where.items():
        if isinstance(value, tuple):
            value = "(" + ", ".join(str(v) for v in value) + ")"
        parts.append(f"{key} {value}")
    return ", ".join(parts)


@dataclass(frozen=True)
class Violation:
    rule: str                      # stable id, e.g. "cats.home-row.no-red-sewer"
    severity: Severity
    message: str                   # a sentence a player understands
    where: dict[str, Any] = field(default_factory=dict, hash=False)  # e.g. {"cell": (3, 7)}

    @classmethod
    def error(cls, rule: str, message: str, **where: Any) -> "Violation":
        return cls(rule, "error", message, where)

    @classmethod
    def warning(cls, rule: str, message: str, **where: Any) -> "Violation":
        return cls(rule, "warning", message, where)

    def to_dict(self) -> dict[str, Any]:
        where = {k: list(v) if isinstance(v, tuple) else v for k, v in self.where.items()}
        return {"rule": self.rule, "severity": self.severity, "where": where, "message": self.message}

    def __str__(self) -> str:
        place = _where_text(self.where)
        return f"{self.severity}: {self.rule}" + (f" at {place}" if place else "") + f": {self.message}"


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
    def ok(self) -> bool:
        """True when no rule is broken (warnings allowed)."""
        return not self.errors

    def rules(self) -> set[str]:
        return {v.rule for v in self.violations}

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.ok, "errors": len(self.errors), "warnings": len(self.warnings),
                "violations": [v.to_dict() for v in self.violations]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    def format_text(self) -> str:
        if not self.violations:
            return "valid: no rule broken"
        head = "valid" if self.ok else "invalid"
        lines = [f"{head}: {len(self.errors)} error(s), {len(self.warnings)} warning(s)"]
        lines += [f"  {v}" for v in self.violations]
        return "\n".join(lines)
