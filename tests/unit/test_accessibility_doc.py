"""docs/accessibility.md's counts are the counts of its own table (WCAG 2.2 A and AA, criterion by
criterion), so a row changed without its summary, or the other way round, fails."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

DOC = (Path(__file__).resolve().parents[2] / "docs" / "accessibility.md").read_text(encoding="utf-8")


def test_the_audit_s_counts_are_its_table_s():
    rows = re.findall(r"^\| (\d\.\d+\.\d+) [^|]*\| ([^|]+?) \|", DOC, flags=re.M)
    status = Counter(s for _, s in rows)
    assert len({c for c, _ in rows}) == len(rows), "a criterion twice in the table"
    tested = status["Met (tested)"] + status["Met (partly tested)"]
    met = tested + status["Met (by design)"]
    summary = " ".join(DOC.split("## How it is tested")[0].split())
    assert f"**{met} met** ({tested} with a test" in summary
    assert f"{status['Met (partly tested)']} of those tested only in part; {status['Met (by design)']} by design" \
        in summary
    assert f"**{status['Not met']} not met**" in summary and f"**{status['Not verified']} not verified**" in summary
    assert met + status["Not met"] + status["Not verified"] == 48  # the criteria that apply to the kit
