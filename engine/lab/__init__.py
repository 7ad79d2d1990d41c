"""CPython-only tooling around the engine: arena, calibration, benchmark, random-games and loop
checks, fuzzer, replay sizes.

It lives in its own subpackage because the site build leaves it out: the browser gets only what
runs there, and these modules pull multiprocessing, argparse and friends into the snapshot.
Nothing under ``engine`` outside this package may import from it.
"""
