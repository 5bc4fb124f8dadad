"""DPjudge's ``RULE`` words: those variantkit's adjudicator honours, as the
rule options they become; any other is reported by name at import, never
stored as if it were honoured."""
from __future__ import annotations

from typing import Dict, Optional

# DPjudge rule -> the variant's rule option (see docs/formats/dpjudge.md)
HONOURED: Dict[str, str] = {
    "HIBERNATE": "hibernate",     # units stay in a space while it is shut
    "BUILD_ANY": "build_any",     # build in any owned centre, not only at home
}
WRITTEN: Dict[str, str] = {option: rule for rule, option in HONOURED.items()}


def option_for(rule: str) -> Optional[str]:
    return HONOURED.get(rule.upper())
