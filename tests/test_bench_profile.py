"""The device profiles of the web benchmarks (tools/bench_profile.py): the phone is what the
targets are set for (9 Mbit/s down, 3 up, 150 ms, 390x844 touch at 3x, CPU 4x), the desktop
changes nothing, and a worker throttle without cgroup access says so instead of failing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import bench_profile  # noqa: E402

sys.path.pop(0)


def test_phone_network_in_cdp_units() -> None:
    net = bench_profile.PHONE.network
    assert net is not None
    assert net["downloadThroughput"] == 9_000_000 / 8  # bytes per second
    assert net["uploadThroughput"] == 3_000_000 / 8
    assert net["latency"] == 150
    assert net["offline"] is False


def test_phone_screen_and_cpu() -> None:
    phone = bench_profile.PHONE
    assert phone.cpu_rate == 4
    assert phone.context_options() == {
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 3,
    }


def test_desktop_emulates_nothing() -> None:
    desktop = bench_profile.DESKTOP
    assert desktop.cpu_rate == 1
    assert desktop.network is None
    assert desktop.context_options() == {"viewport": {"width": 1280, "height": 800}}


def test_verdict() -> None:
    assert bench_profile.verdict(1.0, 1.0) == "met"
    assert bench_profile.verdict(1.01, 1.0) == "missed"
    assert bench_profile.verdict(None, 1.0) == "no figure"


def test_throttle_without_cgroup_access(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_profile, "_own_cpu_cgroup", lambda: tmp_path / "missing")
    throttle = bench_profile.WorkerThrottle(4)
    assert throttle.error is not None
    assert throttle.catch_new() == 0
    assert "NOT throttled" in throttle.state()
    throttle.release()
