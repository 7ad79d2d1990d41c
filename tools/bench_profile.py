"""Device profiles for the web benchmarks: one place that says what "a phone" means, so the
start-up, bot and long-task figures all come from the same emulated device.

``desktop`` is this machine as it is (no emulation: the figures the benchmarks always gave).
``phone`` is a mid-range phone on mobile data: a 390x844 touch screen at 3x, the network at
9 Mbit/s down, 3 Mbit/s up and 150 ms round trip (CDP ``Network.emulateNetworkConditions``
on the page; Chromium applies the page's conditions to the requests of its dedicated workers
too, and refuses them on a worker target), and the CPU four times slower.

The CPU: CDP ``Emulation.setCPUThrottlingRate`` slows the page's main thread, but Chromium
refuses it on worker targets ("Operation is only supported for pages, not workers"; Chromium
150), and our engine and its bots think in a worker. So as each dedicated worker the page starts
is announced (CDP ``Target.setAutoAttach``), its thread is put into a cgroup of its own that
may use a quarter of one core (cgroup v1 ``cpu.cfs_quota_us``, 2.5 ms of every 10 ms). That
needs write access to the cpu cgroup (root on Linux); without it the benchmark says the worker
ran unthrottled.
As with Chromium's own throttling, V8's helper threads (wasm compilation, garbage collection)
keep full speed.

Memory: Chromium's JS heap figures (CDP ``Performance.getMetrics`` exists only on pages,
``Runtime.getHeapUsage`` on workers too) leave out WebAssembly memory, where Pyodide keeps its
whole heap, so the benchmarks read the peak resident memory (``VmHWM``) of the renderer process
that holds the page and its workers instead: everything a phone would have to keep in RAM for
the tab, compiled wasm code included.
"""

from __future__ import annotations

import argparse
import atexit
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Page


def network(down_mbit: float, up_mbit: float, latency_ms: float) -> dict[str, Any]:
    """CDP's network conditions (it wants bytes per second)."""
    return {
        "offline": False,
        "latency": latency_ms,
        "downloadThroughput": down_mbit * 1_000_000 / 8,
        "uploadThroughput": up_mbit * 1_000_000 / 8,
    }


@dataclass(frozen=True)
class DeviceProfile:
    name: str
    cpu_rate: float  # slowdown factor, 1 = none
    network: dict[str, Any] | None
    network_label: str
    viewport: tuple[int, int]
    mobile: bool = False

    def context_options(self) -> dict[str, Any]:
        """Keyword arguments for ``new_page``/``new_context``/``launch_persistent_context``."""
        width, height = self.viewport
        options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
        if self.mobile:
            options.update(has_touch=True, is_mobile=True, device_scale_factor=3)
        return options

    def describe(self) -> str:
        width, height = self.viewport
        screen = f"{width}x{height}" + (" touch, 3x" if self.mobile else "")
        cpu = f"CPU {self.cpu_rate:g}x slower" if self.cpu_rate > 1 else "CPU as is"
        return f"profile {self.name}: {screen}, {cpu}, network {self.network_label}"


DESKTOP = DeviceProfile("desktop", 1, None, "as is", (1280, 800))
PHONE = DeviceProfile(
    "phone",
    4,
    network(9, 3, 150),
    "9 Mbit/s down, 3 Mbit/s up, 150 ms",
    (390, 844),
    mobile=True,
)
PROFILES = {p.name: p for p in (DESKTOP, PHONE)}


def add_profile_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile",
        choices=sorted(PROFILES),
        default="desktop",
        help="the emulated device (tools/bench_profile.py); desktop = no emulation",
    )


def verdict(value: float | None, limit: float) -> str:
    if value is None:
        return "no figure"
    return "met" if value <= limit else "missed"


# -- processes and threads of the browsers this process started ----------------------------


def _parents() -> dict[int, int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    return parents


def renderers() -> list[int]:
    """Chromium renderer processes started (through Playwright's driver) by this process:
    other people's browsers on the same machine are never touched."""
    me = os.getpid()
    parents = _parents()
    found = []
    for pid in parents:
        up = parents.get(pid)
        while up is not None and up not in (me, 0, 1):
            up = parents.get(up)
        if up != me:
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"--type=renderer" in cmdline:
            found.append(pid)
    return found


def _status_kib(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def renderer_peak_mib() -> float | None:
    """The largest peak resident size among this process's renderers (the page's own: a spare
    renderer Chromium keeps is a fraction of it). Read before the browser closes."""
    peak = max((_status_kib(pid, "VmHWM") for pid in renderers()), default=0)
    return peak / 1024 if peak else None


def worker_threads() -> list[tuple[int, int]]:
    """(pid, tid) of every dedicated worker thread in this process's renderers."""
    found = []
    for pid in renderers():
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                name = Path(f"/proc/{pid}/task/{tid}/comm").read_text()
            except OSError:
                continue
            if name.startswith("DedicatedWorker"):
                found.append((pid, int(tid)))
    return found


# -- the worker's CPU: a cgroup per worker thread ------------------------------------------

CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10_000


def _own_cpu_cgroup() -> Path:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpu" in controllers.split(","):
            return CGROUP_CPU / path.lstrip("/")
    return CGROUP_CPU


@dataclass
class WorkerThrottle:
    """Holds each new dedicated worker thread to ``1/rate`` of one core."""

    rate: float
    groups: list[Path] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)
    error: str | None = None

    def __post_init__(self) -> None:
        self.parent = _own_cpu_cgroup()
        if not os.access(self.parent / "cpu.cfs_quota_us", os.W_OK):
            self.error = f"no write access to {self.parent} (cgroup v1 cpu, needs root)"
        atexit.register(self.release)

    def catch_new(self) -> int:
        """Throttle every worker thread not seen before; returns how many."""
        if self.error is not None:
            return 0
        caught = 0
        for pid, tid in worker_threads():
            if tid in self.seen:
                continue
            self.seen.add(tid)
            group = self.parent / f"vnv-bench-{os.getpid()}-{tid}"
            try:
                group.mkdir(exist_ok=True)
                self.groups.append(group)
                (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                (group / "cpu.cfs_quota_us").write_text(str(round(PERIOD_US / self.rate)))
                (group / "tasks").write_text(str(tid))
                caught += 1
            except OSError as error:
                self.error = f"cgroup for worker thread {tid} of {pid}: {error}"
        return caught

    def release(self) -> None:
        """Threads back to our own cgroup, the cgroups removed (an exited thread leaves its
        group by itself)."""
        for group in self.groups:
            try:
                for tid in (group / "tasks").read_text().split():
                    (self.parent / "tasks").write_text(tid)
                group.rmdir()
            except OSError:
                pass
        self.groups.clear()

    def state(self) -> str:
        if self.error is not None:
            return f"worker CPU NOT throttled: {self.error}"
        return f"{len(self.seen)} worker thread(s) held to 1/{self.rate:g} of a core"


class Emulation:
    """A profile applied to one page and every dedicated worker it starts. Create it before the
    page navigates; ``release()`` when the page is done."""

    def __init__(
        self,
        context: BrowserContext,
        page: Page,
        profile: DeviceProfile,
        conditions: dict[str, Any] | None = None,
    ) -> None:
        self.profile = profile
        conditions = profile.network if conditions is None else conditions
        self.session: CDPSession | None = None
        self.workers: WorkerThrottle | None = None
        if conditions is None and profile.cpu_rate <= 1:
            return  # desktop: no session at all, as the benchmarks always ran
        self.session = session = context.new_cdp_session(page)
        if conditions is not None:
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", conditions)
        if profile.cpu_rate > 1:
            session.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_rate})
            self.workers = WorkerThrottle(profile.cpu_rate)
            if self.workers.error is not None:
                print(f"  warning: {self.workers.state()}", file=sys.stderr)
            session.on("Target.attachedToTarget", self._attached)
            # Only to hear of each worker as it starts; not flattened, as Playwright's
            # CDPSession cannot address a child session. The worker is not held at its start,
            # so its first milliseconds run before its thread is throttled.
            session.send(
                "Target.setAutoAttach",
                {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False},
            )

    def _attached(self, event: dict[str, Any]) -> None:
        # No Playwright call in here: a CDP command sent from an event handler of the sync API
        # once hung the whole benchmark (the worker then never ran).
        if event["targetInfo"]["type"] == "worker" and self.workers is not None:
            self.workers.catch_new()

    def state(self) -> str:
        return self.workers.state() if self.workers is not None else "no worker throttle"

    def release(self) -> None:
        if self.workers is not None:
            self.workers.release()
