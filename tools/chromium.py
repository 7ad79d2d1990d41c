"""How this project launches Debian's Chromium (Playwright's own browser download does not work
here): one place for the e2e fixtures and the web benchmark."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Headless as root, with no background traffic: the machine reaches nothing but localhost.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
