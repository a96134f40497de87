"""``logo check``: a failed ASSERT is FAILED, files run at once, JSON and JUnit reports."""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

import pytest

from tests.support import run_cli

FILES = {"ok.lgo": "print 1\n; expect: 1\n",
         "assert.lgo": "(assert 1 = 2 [one is not two])\n",
         "error.lgo": "print 1/0\n",
         "differs.lgo": "print 2\n; expect: 3\n"}


@pytest.fixture
def batch(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_a_failed_assert_is_a_failed_self_check_not_an_error(batch):
    r = run_cli("check", *FILES, cwd=batch)
    lines = r.stdout.splitlines()
    assert r.returncode == 1
    assert lines[0].startswith("PASSED") and lines[2].startswith("ERROR")
    assert lines[1].startswith("FAILED") and "one is not two" in lines[1]
    assert lines[3].startswith("FAILED")


def test_logo_run_exits_3_at_a_failed_assert(batch):
    assert run_cli("run", "assert.lgo", cwd=batch).returncode == 3


def test_json_names_every_file_in_order(batch):
    r = run_cli("check", "--format", "json", "--jobs", "4", *FILES, cwd=batch)
    report = json.loads(r.stdout)
    assert [f["path"] for f in report["files"]] == list(FILES)
    assert [f["status"] for f in report["files"]] == ["passed", "failed", "error", "failed"]
    assert report["summary"] == {"files": 4, "passed": 1, "failed": 2, "error": 1,
                                 "timed_out": 0}


def test_junit_xml_for_autograders(batch):
    r = run_cli("check", "--format", "junit", *FILES, cwd=batch)
    suite = ET.fromstring(r.stdout.split("?>", 1)[1])
    assert suite.get("tests") == "4" and suite.get("failures") == "2"
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert cases["ok.lgo"].find("failure") is None
    assert cases["error.lgo"].find("error") is not None


@pytest.mark.parametrize("jobs", ["0", "-2", "x"])
def test_jobs_must_be_a_whole_number_at_least_one(batch, jobs):
    r = run_cli("check", "--jobs", jobs, "ok.lgo", cwd=batch)
    assert r.returncode == 2 and "at least 1" in r.stderr
